import type { Pagination } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient } from '../../test/admin';
import { createTestApp, createUser, type TestApp } from '../../test/helpers';

/** The one patient search, through the admin Patients list: what a receptionist types, best matches first. */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  const people: Array<[string, string, string, string | null]> = [
    ['Ngozi', 'Okafor', 'ngozi.okafor@mail.example', '+234 803 555 0101'],
    ['Emeka', 'Okafor', 'emeka@mail.example', '+234 803 555 0102'],
    ['Okafor', 'Bello', 'ob@mail.example', null],
    ['Tunde', 'Bokafo', 'tunde@mail.example', '+234 701 222 3333'],
    ['Amaka', 'Eze', 'amaka.okaforwife@mail.example', '0809 111 2222'],
    ['Zainab', 'Musa', 'zm@mail.example', null],
  ];
  for (const [firstName, lastName, email, phone] of people)
    await createUser(t, 'patient', { firstName, lastName, email, phone });
  // Names of the word and accent searches below (another domain: the e-mail counts above stay).
  for (const [firstName, lastName] of [
    ['Chioma', 'Adeyemi'],
    ['Fúnmiláyọ̀', 'Adébáyọ̀'],
    ['Tolu', 'Adebayo'],
    ['Mary Jane', 'Van der Berg'],
    ['Ṣadé', "O'Neil-Ẹ̀kọ́"],
  ])
    await createUser(t, 'patient', { firstName, lastName });
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await admin.get(`/api/admin/patients?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Array<{ fullName: string }>; pagination: Pagination }>();
};
const names = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).data.map((p) => p.fullName);

describe('patient search', () => {
  it('finds names by prefix: surnames first, then first names, each in name order', async () => {
    expect(await names('oka')).toEqual(['Emeka Okafor', 'Ngozi Okafor', 'Okafor Bello']);
    // Letters inside a name are not a match: "kafo" is no one's name.
    expect(await names('kafo')).toEqual([]);
  });

  it('finds "first last", "last first", any case and extra spaces', async () => {
    expect(await names('ngozi  OKA')).toEqual(['Ngozi Okafor']);
    expect(await names('okafor ng')).toEqual(['Ngozi Okafor']);
  });

  it('matches 2-character prefixes', async () => {
    expect(await names('ok')).toEqual(['Emeka Okafor', 'Ngozi Okafor', 'Okafor Bello']);
    expect(await names('za')).toEqual(['Zainab Musa']);
    expect(await names('ze')).toEqual([]);
  });

  it('finds e-mail fragments and phone digits however they are typed', async () => {
    expect(await names('okaforwife@')).toEqual(['Amaka Eze']);
    expect(await names('zi.okafor')).toEqual(['Ngozi Okafor']);
    expect(await names('@mail.example')).toHaveLength(6);
    expect(await names('0803 555 0102')).toEqual(['Emeka Okafor']);
    expect(await names('5550101')).toEqual(['Ngozi Okafor']);
    expect(await names('09 111')).toEqual(['Amaka Eze']);
    expect(await names('100%')).toEqual([]);
  });

  it('pages across the tiers without gaps or repeats, with an exact total', async () => {
    const all = await names('oka');
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await search(`q=oka&limit=1&page=${page}`);
      expect(res.pagination).toMatchObject({ total: 3, totalPages: 3, totalIsLowerBound: false });
      pages.push(...res.data.map((p) => p.fullName));
    }
    expect(pages).toEqual(all);
  });

  it('keeps an explicit sort over every match', async () => {
    const res = await search('q=oka&sort=fullName&order=desc');
    expect(res.data.map((p) => p.fullName)).toEqual(['Ngozi Okafor', 'Emeka Okafor', 'Okafor Bello']);
  });

  it('matches each word as the start of any name part, in any order', async () => {
    expect(await names('chi ade')).toEqual(['Chioma Adeyemi']);
    expect(await names('ade chi')).toEqual(['Chioma Adeyemi']);
    expect(await names('  ADE   Chio ')).toEqual(['Chioma Adeyemi']);
    expect(await names('chioma adeyemi')).toEqual(['Chioma Adeyemi']);
    // Inner parts of longer names, in any order.
    expect(await names('jane')).toEqual(['Mary Jane Van der Berg']);
    expect(await names('berg mary')).toEqual(['Mary Jane Van der Berg']);
    expect(await names('der ja van')).toEqual(['Mary Jane Van der Berg']);
    // Hyphens part names, apostrophes are dropped.
    expect(await names('eko')).toEqual(["Ṣadé O'Neil-Ẹ̀kọ́"]);
    expect(await names('oneil s')).toEqual(["Ṣadé O'Neil-Ẹ̀kọ́"]);
    expect(await names("o'neil")).toEqual(["Ṣadé O'Neil-Ẹ̀kọ́"]);
  });

  it('finds no one when a word starts no part of the name, or only inside a part', async () => {
    // Chioma Adeyemi and Ngozi Okafor both exist: words of two different people find neither.
    expect(await names('chi oka')).toEqual([]);
    expect(await names('ngozi adeyemi')).toEqual([]);
    expect(await names('chioma yemi')).toEqual([]);
    expect(await names('ade chi zz')).toEqual([]);
  });

  it('ranks the whole name in order first, then words in any order', async () => {
    // "Adebayo…" by surname first (both spellings fold alike), then Adeyemi; no first name starts "ade".
    expect(await names('ade')).toEqual(['Fúnmiláyọ̀ Adébáyọ̀', 'Tolu Adebayo', 'Chioma Adeyemi']);
    // Then first names ("Amaka Eze"), then the inner parts of longer names ("Mary Jane Van…").
    expect(await names('a')).toEqual(['Fúnmiláyọ̀ Adébáyọ̀', 'Tolu Adebayo', 'Chioma Adeyemi', 'Amaka Eze']);
    expect(await names('m')).toEqual(['Zainab Musa', 'Mary Jane Van der Berg']);
    expect(await names('v')).toEqual(['Mary Jane Van der Berg']);
    expect(await names('d')).toEqual(['Mary Jane Van der Berg']);
  });

  it('ignores accents both ways, however the accents were typed (composed or not)', async () => {
    expect(await names('adebayo')).toEqual(['Fúnmiláyọ̀ Adébáyọ̀', 'Tolu Adebayo']);
    expect(await names('Adébáyọ̀')).toEqual(['Fúnmiláyọ̀ Adébáyọ̀', 'Tolu Adebayo']);
    expect(await names('Adébáyọ̀'.normalize('NFD'))).toEqual(['Fúnmiláyọ̀ Adébáyọ̀', 'Tolu Adebayo']);
    expect(await names('funmilayo ade')).toEqual(['Fúnmiláyọ̀ Adébáyọ̀']);
    // Yoruba letters with a dot below fold to their base letter: ṣ is s, ẹ is e, ọ is o.
    expect(await names('sade')).toEqual(["Ṣadé O'Neil-Ẹ̀kọ́"]);
    expect(await names('ṣ ẹ̀kọ́')).toEqual(["Ṣadé O'Neil-Ẹ̀kọ́"]);
  });

  it('keeps the words and accents with an explicit sort, and pages word matches with a total', async () => {
    const res = await search(`q=${encodeURIComponent('adé')}&sort=fullName&order=desc`);
    expect(res.data.map((p) => p.fullName).sort()).toEqual([
      'Chioma Adeyemi',
      'Fúnmiláyọ̀ Adébáyọ̀',
      'Tolu Adebayo',
    ]);
    const words = await search('q=ade%20chi&sort=fullName');
    expect(words.data.map((p) => p.fullName)).toEqual(['Chioma Adeyemi']);
    const page = await search('q=chi%20ade&limit=1');
    expect(page.pagination).toMatchObject({ total: 1, totalIsLowerBound: false });
  });
});
