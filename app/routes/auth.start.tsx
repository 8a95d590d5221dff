export default function Page() {
  return <p>auth.start</p>;
}
