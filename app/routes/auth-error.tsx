export default function Page() {
  return <p>auth-error</p>;
}
