export default function Page() {
  return <p>dev.inbox</p>;
}
