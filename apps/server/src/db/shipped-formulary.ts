import type { MedicationRoute, SaveMedicine } from '@carepoint/contract';

/*
 * The formulary CarePoint ships (decision 0037, docs/areas/pharmacy-formulary.md): common
 * medicines a Nigerian hospital stocks, guided by the WHO Model List of Essential Medicines
 * (malaria, antibiotics, maternal care, diabetes and hypertension, emergencies, fluids). WHO ATC
 * codes were each checked against a published ATC index (the HL7 Europe UNICOM guide's ATC code
 * system, WHO codes by substance); where the ATC has no single chemical substance code (oral
 * rehydration salts: only the group A07CA) or two apply (magnesium sulfate: A12CC02 or B05XA05),
 * the code is left out. Quantities count the dispensing unit; prices are kobo per unit as a Lagos
 * hospital pharmacy charges, and reorder levels a starting point: the pharmacy reviews both.
 */

type Shipped = Omit<SaveMedicine, 'brandName' | 'price'> & { price: number };

const naira = (amount: number) => amount * 100;

const ORAL: MedicationRoute = 'Oral';
const IV: MedicationRoute = 'Intravenous';
const IM: MedicationRoute = 'Intramuscular';

/** A medicine line of the list: generic, strength, form, route, unit, reorder level, ATC, price in naira. */
const m = (
  genericName: string,
  strength: string,
  form: Shipped['form'],
  route: MedicationRoute,
  dispensingUnit: string,
  reorderLevel: number,
  atcCode: string | null,
  priceNaira: number,
  controlled = false,
): Shipped => ({
  genericName,
  strength,
  form,
  route,
  dispensingUnit,
  reorderLevel,
  atcCode,
  price: naira(priceNaira),
  controlled,
});

export const SHIPPED_FORMULARY: readonly Shipped[] = [
  // Pain and fever
  m('Paracetamol', '500 mg', 'Tablet', ORAL, 'tablet', 2000, 'N02BE01', 10),
  m('Paracetamol', '120 mg/5 mL', 'Syrup', ORAL, 'bottle', 50, 'N02BE01', 600),
  m('Paracetamol', '125 mg', 'Suppository', 'Rectal', 'suppository', 50, 'N02BE01', 150),
  m('Paracetamol', '10 mg/mL', 'Infusion', IV, 'bottle', 40, 'N02BE01', 2500),
  m('Ibuprofen', '400 mg', 'Tablet', ORAL, 'tablet', 1000, 'M01AE01', 20),
  m('Diclofenac sodium', '75 mg/3 mL', 'Injection', IM, 'ampoule', 100, 'M01AB05', 300),
  m('Morphine', '10 mg/mL', 'Injection', IV, 'ampoule', 20, 'N02AA01', 1500, true),
  m('Pentazocine', '30 mg/mL', 'Injection', IM, 'ampoule', 50, 'N02AD01', 400, true),
  m('Tramadol', '50 mg', 'Capsule', ORAL, 'capsule', 200, 'N02AX02', 60, true),
  // Malaria
  m('Artemether/lumefantrine', '20/120 mg', 'Tablet', ORAL, 'tablet', 480, 'P01BF01', 100),
  m('Artemether/lumefantrine', '20/120 mg', 'Dispersible tablet', ORAL, 'tablet', 240, 'P01BF01', 100),
  m('Artesunate', '60 mg', 'Injection', IV, 'vial', 100, 'P01BE03', 2500),
  m('Artemether', '80 mg/mL', 'Injection', IM, 'ampoule', 60, 'P01BE02', 700),
  m('Sulfadoxine/pyrimethamine', '500/25 mg', 'Tablet', ORAL, 'tablet', 300, 'P01BD51', 150),
  m('Quinine', '300 mg/mL', 'Injection', IV, 'ampoule', 40, 'P01BC01', 500),
  // Antibiotics, antifungals and worms
  m('Amoxicillin', '500 mg', 'Capsule', ORAL, 'capsule', 1000, 'J01CA04', 50),
  m('Amoxicillin', '250 mg', 'Dispersible tablet', ORAL, 'tablet', 500, 'J01CA04', 40),
  m('Amoxicillin', '125 mg/5 mL', 'Suspension', ORAL, 'bottle', 60, 'J01CA04', 900),
  m('Amoxicillin/clavulanic acid', '625 mg', 'Tablet', ORAL, 'tablet', 300, 'J01CR02', 350),
  m('Cloxacillin', '500 mg', 'Capsule', ORAL, 'capsule', 300, 'J01CF02', 60),
  m('Cefuroxime', '500 mg', 'Tablet', ORAL, 'tablet', 200, 'J01DC02', 400),
  m('Ceftriaxone', '1 g', 'Injection', IV, 'vial', 200, 'J01DD04', 1500),
  m('Gentamicin', '80 mg/2 mL', 'Injection', IM, 'ampoule', 100, 'J01GB03', 250),
  m('Ciprofloxacin', '500 mg', 'Tablet', ORAL, 'tablet', 400, 'J01MA02', 80),
  m('Azithromycin', '500 mg', 'Tablet', ORAL, 'tablet', 150, 'J01FA10', 500),
  m('Doxycycline', '100 mg', 'Capsule', ORAL, 'capsule', 300, 'J01AA02', 50),
  m('Sulfamethoxazole/trimethoprim', '800/160 mg', 'Tablet', ORAL, 'tablet', 500, 'J01EE01', 40),
  m('Metronidazole', '400 mg', 'Tablet', ORAL, 'tablet', 800, 'P01AB01', 20),
  m('Metronidazole', '500 mg/100 mL', 'Infusion', IV, 'bottle', 60, 'J01XD01', 1200),
  m('Fluconazole', '150 mg', 'Capsule', ORAL, 'capsule', 100, 'J02AC01', 300),
  m('Clotrimazole', '1%', 'Cream', 'Topical', 'tube', 50, 'D01AC01', 800),
  m('Clotrimazole', '100 mg', 'Pessary', 'Vaginal', 'pessary', 60, 'G01AF02', 200),
  m('Albendazole', '400 mg', 'Tablet', ORAL, 'tablet', 200, 'P02CA03', 150),
  // HIV and tuberculosis
  m('Tenofovir/lamivudine/dolutegravir', '300/300/50 mg', 'Tablet', ORAL, 'tablet', 900, 'J05AR27', 150),
  m(
    'Rifampicin/isoniazid/pyrazinamide/ethambutol',
    '150/75/400/275 mg',
    'Tablet',
    ORAL,
    'tablet',
    600,
    'J04AM06',
    120,
  ),
  // Heart, blood pressure and diabetes
  m('Amlodipine', '5 mg', 'Tablet', ORAL, 'tablet', 1000, 'C08CA01', 30),
  m('Nifedipine', '20 mg', 'Tablet', ORAL, 'tablet', 600, 'C08CA05', 40),
  m('Lisinopril', '10 mg', 'Tablet', ORAL, 'tablet', 600, 'C09AA03', 60),
  m('Losartan', '50 mg', 'Tablet', ORAL, 'tablet', 600, 'C09CA01', 80),
  m('Hydrochlorothiazide', '25 mg', 'Tablet', ORAL, 'tablet', 600, 'C03AA03', 20),
  m('Methyldopa', '250 mg', 'Tablet', ORAL, 'tablet', 600, 'C02AB01', 40),
  m('Hydralazine', '20 mg', 'Injection', IV, 'ampoule', 20, 'C02DB02', 2500),
  m('Furosemide', '40 mg', 'Tablet', ORAL, 'tablet', 400, 'C03CA01', 20),
  m('Furosemide', '20 mg/2 mL', 'Injection', IV, 'ampoule', 100, 'C03CA01', 250),
  m('Atorvastatin', '20 mg', 'Tablet', ORAL, 'tablet', 600, 'C10AA05', 80),
  m('Acetylsalicylic acid', '75 mg', 'Tablet', ORAL, 'tablet', 1000, 'B01AC06', 10),
  m('Metformin', '500 mg', 'Tablet', ORAL, 'tablet', 2000, 'A10BA02', 25),
  m('Glibenclamide', '5 mg', 'Tablet', ORAL, 'tablet', 600, 'A10BB01', 15),
  m('Insulin, soluble (human)', '100 IU/mL', 'Injection', 'Subcutaneous', 'vial', 20, 'A10AB01', 6000),
  m('Insulin, isophane (human)', '100 IU/mL', 'Injection', 'Subcutaneous', 'vial', 20, 'A10AC01', 6000),
  // Mothers and newborns
  m('Oxytocin', '10 IU/mL', 'Injection', IM, 'ampoule', 200, 'H01BB02', 300),
  m('Misoprostol', '200 micrograms', 'Tablet', ORAL, 'tablet', 200, 'G02AD06', 250),
  m('Magnesium sulfate', '500 mg/mL', 'Injection', IV, 'ampoule', 100, null, 400),
  m('Ferrous sulfate', '200 mg', 'Tablet', ORAL, 'tablet', 2000, 'B03AA07', 10),
  m('Folic acid', '5 mg', 'Tablet', ORAL, 'tablet', 2000, 'B03BB01', 5),
  m('Phytomenadione', '1 mg/0.5 mL', 'Injection', IM, 'ampoule', 50, 'B02BA01', 400),
  // Gut and dehydration
  m('Oral rehydration salts', '20.5 g', 'Sachet', ORAL, 'sachet', 500, null, 100),
  m('Zinc sulfate', '20 mg', 'Dispersible tablet', ORAL, 'tablet', 500, 'A12CB01', 30),
  m('Omeprazole', '20 mg', 'Capsule', ORAL, 'capsule', 600, 'A02BC01', 50),
  m('Metoclopramide', '10 mg', 'Tablet', ORAL, 'tablet', 300, 'A03FA01', 20),
  m('Hyoscine butylbromide', '20 mg/mL', 'Injection', IM, 'ampoule', 100, 'A03BB01', 300),
  // Breathing, allergy and emergencies
  m('Salbutamol', '100 micrograms/dose', 'Inhaler', 'Inhaled', 'inhaler', 30, 'R03AC02', 2500),
  m('Chlorphenamine', '4 mg', 'Tablet', ORAL, 'tablet', 500, 'R06AB04', 10),
  m('Prednisolone', '5 mg', 'Tablet', ORAL, 'tablet', 800, 'H02AB06', 15),
  m('Hydrocortisone', '100 mg', 'Injection', IV, 'vial', 50, 'H02AB09', 1200),
  m('Dexamethasone', '4 mg/mL', 'Injection', IV, 'ampoule', 100, 'H02AB02', 250),
  m('Epinephrine', '1 mg/mL', 'Injection', IM, 'ampoule', 50, 'C01CA24', 500),
  // Nervous system and anaesthesia
  m('Diazepam', '5 mg/mL', 'Injection', IV, 'ampoule', 50, 'N05BA01', 300, true),
  m('Phenobarbital', '30 mg', 'Tablet', ORAL, 'tablet', 300, 'N03AA02', 20, true),
  m('Carbamazepine', '200 mg', 'Tablet', ORAL, 'tablet', 300, 'N03AF01', 50),
  m('Haloperidol', '5 mg/mL', 'Injection', IM, 'ampoule', 30, 'N05AD01', 600),
  m('Ketamine', '50 mg/mL', 'Injection', IV, 'vial', 20, 'N01AX03', 2500, true),
  m('Lidocaine', '2%', 'Injection', 'Subcutaneous', 'vial', 50, 'N01BB02', 600),
  // Fluids
  m('Sodium chloride', '0.9%', 'Infusion', IV, 'bag', 200, 'B05BB01', 900),
  m("Ringer's lactate", '500 mL', 'Infusion', IV, 'bag', 200, 'B05BB01', 1000),
  m('Dextrose', '5%', 'Infusion', IV, 'bag', 200, 'B05BA03', 900),
  // Eyes
  m('Tetracycline', '1%', 'Eye ointment', 'Ophthalmic', 'tube', 50, 'S01AA09', 500),
  m('Chloramphenicol', '0.5%', 'Eye drops', 'Ophthalmic', 'bottle', 50, 'S01AA01', 600),
];
