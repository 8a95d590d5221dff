export default function Page() {
  return <p>settings</p>;
}
