export default function Page() {
  return <p>not-found</p>;
}
