export default function Page() {
  return <p>placeholder</p>;
}
