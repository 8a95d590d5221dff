export default function Page() {
  return <p>sign-out</p>;
}
