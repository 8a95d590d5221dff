export default function Page() {
  return <p>view</p>;
}
