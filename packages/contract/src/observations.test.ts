import { describe, expect, it } from 'vitest';
import {
  NEWS2_RESPONSES,
  type News2Input,
  news2,
  news2Parameters,
  news2Risk,
  recordObservationsSchema,
} from './observations';

// A set that scores 0 on every parameter, so each case isolates one reading.
const calm: News2Input = {
  respiratoryRate: 16,
  oxygenSaturation: 97,
  spo2Scale: 1,
  airOrOxygen: 'Air',
  systolic: 120,
  pulse: 70,
  consciousness: 'Alert',
  temperature: 37,
};

const scoreOf = (change: Partial<News2Input>) => news2({ ...calm, ...change });

describe('NEWS2 parameter bands (RCP chart 1)', () => {
  it('scores 0 for a set inside every normal band', () => {
    expect(news2(calm)).toMatchObject({ score: 0, risk: 'Low', singleRed: false, alertsDoctor: false });
  });

  it.each([
    [0, 3],
    [8, 3],
    [9, 1],
    [11, 1],
    [12, 0],
    [20, 0],
    [21, 2],
    [24, 2],
    [25, 3],
    [60, 3],
  ])('respiration rate %s scores %s', (respiratoryRate, expected) => {
    expect(news2Parameters({ ...calm, respiratoryRate }).respiratoryRate).toBe(expected);
  });

  it.each([
    [80, 3],
    [91, 3],
    [92, 2],
    [93, 2],
    [94, 1],
    [95, 1],
    [96, 0],
    [100, 0],
  ])('SpO2 scale 1 %s%% scores %s (on air or oxygen alike)', (oxygenSaturation, expected) => {
    expect(news2Parameters({ ...calm, oxygenSaturation }).oxygenSaturation).toBe(expected);
    expect(news2Parameters({ ...calm, oxygenSaturation, airOrOxygen: 'Oxygen' }).oxygenSaturation).toBe(
      expected,
    );
  });

  it.each([
    [70, 'Air', 3],
    [83, 'Air', 3],
    [84, 'Air', 2],
    [85, 'Oxygen', 2],
    [86, 'Air', 1],
    [87, 'Oxygen', 1],
    [88, 'Oxygen', 0],
    [92, 'Oxygen', 0],
    [92, 'Air', 0],
    [93, 'Air', 0],
    [100, 'Air', 0],
    [93, 'Oxygen', 1],
    [94, 'Oxygen', 1],
    [95, 'Oxygen', 2],
    [96, 'Oxygen', 2],
    [97, 'Oxygen', 3],
    [100, 'Oxygen', 3],
  ] as const)('SpO2 scale 2 %s%% on %s scores %s', (oxygenSaturation, airOrOxygen, expected) => {
    expect(news2Parameters({ ...calm, spo2Scale: 2, oxygenSaturation, airOrOxygen }).oxygenSaturation).toBe(
      expected,
    );
  });

  it('supplemental oxygen adds 2, air nothing', () => {
    expect(news2Parameters({ ...calm, airOrOxygen: 'Oxygen' }).airOrOxygen).toBe(2);
    expect(news2Parameters(calm).airOrOxygen).toBe(0);
    expect(scoreOf({ airOrOxygen: 'Oxygen' }).score).toBe(2);
  });

  it.each([
    [60, 3],
    [90, 3],
    [91, 2],
    [100, 2],
    [101, 1],
    [110, 1],
    [111, 0],
    [219, 0],
    [220, 3],
    [250, 3],
  ])('systolic %s mmHg scores %s', (systolic, expected) => {
    expect(news2Parameters({ ...calm, systolic }).systolic).toBe(expected);
  });

  it.each([
    [30, 3],
    [40, 3],
    [41, 1],
    [50, 1],
    [51, 0],
    [90, 0],
    [91, 1],
    [110, 1],
    [111, 2],
    [130, 2],
    [131, 3],
    [180, 3],
  ])('pulse %s scores %s', (pulse, expected) => {
    expect(news2Parameters({ ...calm, pulse }).pulse).toBe(expected);
  });

  it.each([
    ['Alert', 0],
    ['New confusion', 3],
    ['Voice', 3],
    ['Pain', 3],
    ['Unresponsive', 3],
  ] as const)('consciousness %s scores %s', (consciousness, expected) => {
    expect(news2Parameters({ ...calm, consciousness }).consciousness).toBe(expected);
  });

  it.each([
    [33, 3],
    [35, 3],
    [35.1, 1],
    [36, 1],
    [36.1, 0],
    [38, 0],
    [38.1, 1],
    [39, 1],
    [39.1, 2],
    [41, 2],
  ])('temperature %s °C scores %s', (temperature, expected) => {
    expect(news2Parameters({ ...calm, temperature }).temperature).toBe(expected);
  });
});

describe('NEWS2 clinical risk and response (RCP chart 4)', () => {
  it.each([
    [0, false, 'Low'],
    [4, false, 'Low'],
    [3, true, 'Low-medium'],
    [4, true, 'Low-medium'],
    [5, false, 'Medium'],
    [6, true, 'Medium'],
    [7, false, 'High'],
    [20, true, 'High'],
  ] as const)('a total of %s (single 3: %s) is %s risk', (score, singleRed, risk) => {
    expect(news2Risk(score, singleRed)).toBe(risk);
  });

  it('a total of 0 asks for routine monitoring, 1–4 for the registered nurse', () => {
    expect(news2(calm).response).toBe(NEWS2_RESPONSES.zero);
    const four = scoreOf({ respiratoryRate: 22, pulse: 95, temperature: 38.5 });
    expect(four).toMatchObject({ score: 4, risk: 'Low', alertsDoctor: false });
    expect(four.response).toBe(NEWS2_RESPONSES.low);
  });

  it('new confusion alone is a single red score: low-medium, the medical team informed, the doctor alerted', () => {
    const confused = scoreOf({ consciousness: 'New confusion' });
    expect(confused).toMatchObject({ score: 3, risk: 'Low-medium', singleRed: true, alertsDoctor: true });
    expect(confused.response).toBe(NEWS2_RESPONSES.singleRed);
  });

  it('5 or 6 is medium risk with the urgent response; 7 or more high with the emergency response', () => {
    const five = scoreOf({ airOrOxygen: 'Oxygen', respiratoryRate: 22, temperature: 38.5 });
    expect(five).toMatchObject({ score: 5, risk: 'Medium', singleRed: false, alertsDoctor: true });
    expect(five.response).toBe(NEWS2_RESPONSES.urgent);
    const seven = scoreOf({ respiratoryRate: 26, oxygenSaturation: 93, pulse: 115 });
    expect(seven).toMatchObject({ score: 7, risk: 'High', alertsDoctor: true });
    expect(seven.response).toBe(NEWS2_RESPONSES.emergency);
  });

  it('adds every parameter up to the maximum of 20', () => {
    const worst = news2({
      respiratoryRate: 30,
      oxygenSaturation: 85,
      spo2Scale: 1,
      airOrOxygen: 'Oxygen',
      systolic: 85,
      pulse: 140,
      consciousness: 'Unresponsive',
      temperature: 34,
    });
    expect(worst.score).toBe(20);
    expect(worst.risk).toBe('High');
  });
});

describe('recordObservationsSchema', () => {
  const form = {
    respiratoryRate: '18',
    oxygenSaturation: '95',
    spo2Scale: '1',
    airOrOxygen: 'Air',
    systolic: '118',
    pulse: '88',
    consciousness: 'Alert',
    temperature: '37.24',
    takenAt: '',
  };

  it('reads the form: numbers from text, temperature to one decimal, no time meaning now', () => {
    expect(recordObservationsSchema.parse(form)).toEqual({
      respiratoryRate: 18,
      oxygenSaturation: 95,
      spo2Scale: 1,
      airOrOxygen: 'Air',
      systolic: 118,
      pulse: 88,
      consciousness: 'Alert',
      temperature: 37.2,
      takenAt: null,
    });
  });

  it.each([
    ['respiratoryRate', 'abc', 'Respiration rate is required'],
    ['respiratoryRate', '100', 'Respiration rate must be between 2 and 80 breaths/min'],
    ['oxygenSaturation', '101', 'SpO2 must be between 40 and 100 %'],
    ['spo2Scale', '3', 'Choose SpO2 scale 1 or 2'],
    ['spo2Scale', '', 'Choose SpO2 scale 1 or 2'],
    ['airOrOxygen', '', 'Choose air or oxygen'],
    ['systolic', '20', 'Systolic blood pressure must be between 30 and 300 mmHg'],
    ['pulse', '400', 'Pulse must be between 10 and 300 bpm'],
    ['consciousness', 'Drowsy', 'Choose the level of consciousness (ACVPU)'],
    ['temperature', '50', 'Temperature must be between 25 and 45 °C'],
    ['takenAt', 'yesterday', 'Enter when the observations were taken'],
  ])('%s "%s" is refused: %s', (field, value, message) => {
    const result = recordObservationsSchema.safeParse({ ...form, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });
});
