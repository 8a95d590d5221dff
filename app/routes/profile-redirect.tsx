export default function Page() {
  return <p>profile-redirect</p>;
}
