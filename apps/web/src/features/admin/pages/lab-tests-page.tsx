/** Placeholder until the lab catalogue slice lands (never on main at a stop). */
export default function Page() {
  return <h1 className="text-xl font-semibold">Lab Tests</h1>;
}
