export default function Page() {
  return <p>auth.callback</p>;
}
