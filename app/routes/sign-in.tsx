export default function Page() {
  return <p>sign-in</p>;
}
