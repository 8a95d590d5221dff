export default function Page() {
  return <p>tab</p>;
}
