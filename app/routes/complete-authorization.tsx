export default function Page() {
  return <p>complete-authorization</p>;
}
