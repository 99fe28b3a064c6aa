/** Placeholder until the stock slice lands (never on main at a stop). */
export default function Page() {
  return <h1 className="text-xl font-semibold">Stock</h1>;
}
