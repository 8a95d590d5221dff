export default function Page() {
  return <p>healthz</p>;
}
