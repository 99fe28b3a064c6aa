import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The one rule biome cannot say (it knows no "own"): a feature imports none of the others. What
 * may cross is moved to components/ or lib/. Climbing out with ../ is refused by biome.json, so
 * every import from another folder names its place under @/ and this reads them all.
 */

const SRC = path.dirname(new URL(import.meta.url).pathname);
const FEATURES = path.join(SRC, 'features');
const IMPORT = /(?:from|import)\s*\(?\s*'@\/features\/([^/']+)/g;

/**
 * Features whose screens and parts several areas nest under their own routes, and who may import
 * them. Written out whole so that a new crossing is a decision, not an accident:
 * - `inpatient`: the ward screens nurses and doctors share (a stay's observations), and a stay's
 *   follow-up line on the patient's side;
 * - `lab`: a patient's lab orders and the order dialog, shown in the chart, a visit and a stay;
 * - `lab-results`: result entry, flags and trends, shown to the lab, the doctor, the admin
 *   (escalated alerts, lab settings) and the patient (shared results);
 * - `pharmacy`: the pharmacy's settings card on the admin's Facility page.
 * The shared ones import each other one way only (inpatient -> lab -> lab-results), never back;
 * `pharmacy` imports none of them.
 */
const SHARED_WITH: Record<string, readonly string[]> = {
  inpatient: ['nurse', 'doctor', 'admin', 'patient'],
  lab: ['doctor', 'inpatient'],
  'lab-results': ['admin', 'doctor', 'lab', 'patient'],
  pharmacy: ['admin'],
};

function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each "file imports another feature" found under features/<own>/. */
function crossFeatureImports(featuresDir: string): string[] {
  return fs.readdirSync(featuresDir).flatMap((own) =>
    sourcesUnder(path.join(featuresDir, own)).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)]
        .map((m) => m[1])
        .filter((other) => other !== own && !(SHARED_WITH[other]?.includes(own) ?? false))
        .map((other) => `${path.relative(featuresDir, file)} imports features/${other}`),
    ),
  );
}

describe('web boundaries', () => {
  it('no feature imports another', () => {
    expect(crossFeatureImports(FEATURES)).toEqual([]);
  });

  it('finds a feature that imports another', () => {
    const dir = fs.mkdtempSync(path.join(fs.mkdtempSync('/tmp/boundaries-'), 'features-'));
    fs.mkdirSync(path.join(dir, 'doctor'));
    fs.mkdirSync(path.join(dir, 'admin'));
    fs.writeFileSync(
      path.join(dir, 'doctor', 'page.tsx'),
      "import { x } from '@/features/admin/api/beds';\n",
    );
    fs.writeFileSync(path.join(dir, 'admin', 'own.ts'), "import { y } from '@/features/admin/api/beds';\n");
    expect(crossFeatureImports(dir)).toEqual(['doctor/page.tsx imports features/admin']);
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});
