/**
 * Bench patients, made in the database by set-based SQL (INSERT … SELECT generate_series), so a
 * million rows take seconds to write. Names come from short Nigerian lists in a fixed pattern,
 * some written with their Yoruba accents (Fúnmi, Adébáyọ̀); e-mails are first.lastN@… (folded:
 * funmi.adebayo7@…), phones +234 8xx xxx xxxx: what the search terms below look for.
 */

export const FIRST_NAMES = [
  'Adaeze',
  'Ade',
  'Amaka',
  'Bola',
  'Chidi',
  'Chioma',
  'Damilola',
  'Efe',
  'Emeka',
  'Fatima',
  'Fúnmi',
  'Gbenga',
  'Halima',
  'Ibrahim',
  'Ifeoma',
  'Kelechi',
  'Kemi',
  'Musa',
  'Ngozi',
  'Nkechi',
  'Obinna',
  'Olumide',
  'Sade',
  'Segun',
  'Tunde',
  'Uche',
  'Yemi',
  'Yusuf',
  'Zainab',
  'Zara',
];
export const LAST_NAMES = [
  'Abubakar',
  'Adébáyọ̀',
  'Adeyemi',
  'Ajayi',
  'Akande',
  'Balogun',
  'Bello',
  'Chukwu',
  'Danjuma',
  'Eze',
  'Ibekwe',
  'Ilori',
  'Lawal',
  'Mohammed',
  'Musa',
  'Nnamdi',
  'Nwankwo',
  'Nwosu',
  'Obi',
  'Odukoya',
  'Okafor',
  'Okeke',
  'Okonkwo',
  'Olawale',
  'Onyeka',
  'Oyelaran',
  'Sani',
  'Udeh',
  'Usman',
  'Yakubu',
];

const literal = (values: readonly string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/** SQL that adds patients number `from` to `to`; every name pair, birth date and phone pattern recurs. */
export function insertPatientsSql(from: number, to: number) {
  const nf = FIRST_NAMES.length;
  const nl = LAST_NAMES.length;
  return `
    insert into users (email, password_hash, role, first_name, last_name, phone, date_of_birth)
    select carepoint_fold(f) || '.' || carepoint_fold(l) || n || '@example.com', 'x', 'patient', f, l,
           '+234 80' || (n % 10) || ' ' || lpad(((n * 7919) % 1000)::text, 3, '0') || ' ' ||
             lpad(((n * 104729) % 10000)::text, 4, '0'),
           date '1940-01-01' + (n * 37 % 29000)::int
    from generate_series(${from}::bigint, ${to}::bigint) as n,
         lateral (select (${literal(FIRST_NAMES)})[1 + (n * 7) % ${nf}] as f,
                         (${literal(LAST_NAMES)})[1 + (n / ${nf} * 11) % ${nl}] as l) as names`;
}

/**
 * What a receptionist types: first and last names, "first last", words in any order ("chi ade"),
 * names with and without their accents, e-mail fragments, phone digits, 2-letter prefixes.
 */
export const SEARCH_TERMS = [
  'chioma',
  'ngozi',
  'ibrahim',
  'zara',
  'okafor',
  'adeyemi',
  'yakubu',
  'nwosu',
  'ngozi okafor',
  'tunde bello',
  'kemi usman',
  'okafor ngozi',
  'chioma.eze',
  'okafor12',
  'musa.sani',
  'example.com',
  '0803 412',
  '5512',
  '8091234',
  'ok',
  'ng',
  'ad',
  'zai',
  'fatima b',
  'chi ade',
  'ade chi',
  'oka ngo',
  'tun bel',
  'bello t',
  'adebayo',
  'adébáyọ̀',
  'fúnmi adé',
  'funmi',
];

/** FHIR Patient searches (issue #13: a name search over 1,000,000 patients under 50 ms p95). */
export const FHIR_PATIENT_SEARCHES = [
  'name=okafor',
  'name=ngozi',
  'name=ng',
  'name=a',
  'name=ngozi%20okafor',
  'name=okafor&_offset=500',
  'name=zzz',
  'family=oka',
  'family=okafor&given=ngozi',
  'given=ngozi',
  'given=a',
  'family=adebayo',
  `name=${encodeURIComponent('Adébáyọ̀')}`,
  'given=funmi',
  'birthdate=1990-05-17',
];

/**
 * What a doctor types into the diagnosis picker: an exact code with and without its dot, a
 * code's start, title words in order and out of it, a word with an apostrophe, and a miss.
 */
export const DIAGNOSIS_CODE_SEARCH_TERMS = [
  'E11.9',
  'e119',
  'E11',
  'g47',
  'type 2 diabetes',
  'apnea sleep',
  "bell's",
  'migraine without aura',
  'zzzz',
] as const;
