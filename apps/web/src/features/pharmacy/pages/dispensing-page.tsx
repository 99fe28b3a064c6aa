/** Placeholder until the dispensing slice lands (never on main at a stop). */
export default function Page() {
  return <h1 className="text-xl font-semibold">Dispensing</h1>;
}
