export default function Page() {
  return <p>survey-insights-redirect</p>;
}
