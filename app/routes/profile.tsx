export default function Page() {
  return <p>profile</p>;
}
