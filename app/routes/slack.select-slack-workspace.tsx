export default function Page() {
  return <p>slack.select-slack-workspace</p>;
}
