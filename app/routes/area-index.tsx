export default function Page() {
  return <p>area-index</p>;
}
