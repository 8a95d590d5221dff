export default function Page() {
  return <p>dev.sign-in</p>;
}
