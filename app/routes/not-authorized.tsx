export default function Page() {
  return <p>not-authorized</p>;
}
