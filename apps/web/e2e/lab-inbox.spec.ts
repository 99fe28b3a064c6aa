import { HL7_MESSAGES } from '@carepoint/contract';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expectNoSeriousA11yViolations, shot, signIn } from './helpers';

/*
 * The analyser inbox (docs/areas/lab-hl7.md): an analyser sends an ORU^R01 over MLLP to the
 * running server (start-server.mjs listens 1000 above the web port) naming an accession number
 * no specimen has; it is answered AE and waits in the inbox, where the lab scientist reads its
 * segments, tries to match it (the typo'd number is refused on the field) and rejects it with a reason.
 */

const MLLP_PORT = Number(process.env.E2E_PORT ?? 4173) + 1000;

test('a result with an unknown accession waits in the inbox until the scientist handles it', async ({
  page,
}) => {
  const controlId = `E2E${Date.now()}`;
  const accession = `LAB-TYPO-${controlId.slice(-6)}`;
  // LOINC 2823-3: potassium in serum or plasma (moles/volume).
  const message = Hl7Message.parse(
    [
      `MSH|^~\\&|COBAS|MAINLAB|CAREPOINT|HOSP|20300107085500||ORU^R01^ORU_R01|${controlId}|P|2.5.1`,
      'PID|1||CP-000001',
      `OBR|1||${accession}|2823-3^Potassium^LN`,
      'OBX|1|NM|2823-3^Potassium [Moles/volume] in Serum or Plasma^LN||4.3|mmol/L^^UCUM|3.5-5.1|N|||F',
    ].join('\r'),
  );
  const client = new Hl7Client({ host: '127.0.0.1', port: MLLP_PORT });
  const ack = await client.sendAndWait(message, { timeoutMs: 20_000 });
  await client.close();
  expect(ack.getSegment('MSA')?.getField(1).toString()).toBe('AE');
  expect(ack.getSegment('MSA')?.getField(3).toString()).toBe(HL7_MESSAGES.unknownAccession);

  await signIn(page, DEMO.lab, DEMO_PASSWORD);
  await page.goto('/lab/inbox');
  await expect(page.getByRole('heading', { name: 'Analyser Inbox' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: accession });
  await expect(row).toContainText('Unmatched');
  await expect(row).toContainText(HL7_MESSAGES.unknownAccession);
  await shot(page, 'lab-inbox', { widths: [1280, 390] });
  await expectNoSeriousA11yViolations(page);

  await row.click();
  const sheet = page.getByRole('dialog', { name: `Message ${controlId}` });
  await expect(sheet.getByText('OBX-5')).toBeVisible();
  await expect(sheet.getByText('4.3', { exact: true })).toBeVisible();
  await shot(page, 'lab-inbox-message', { widths: [1280, 390], fullPage: false });

  await sheet.getByRole('button', { name: 'Match' }).click();
  const match = page.getByRole('dialog', { name: 'Match to a Specimen' });
  await expect(match.getByLabel('Accession number')).toHaveValue(accession);
  await match.getByRole('button', { name: 'Match and File' }).click();
  await expect(match.getByText(HL7_MESSAGES.specimenNotFound)).toBeVisible();
  await shot(page, 'lab-inbox-match', { widths: [1280, 390], fullPage: false });
  await match.getByRole('button', { name: 'Cancel' }).click();

  await sheet.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject Message' });
  await reject.getByLabel('Reason').fill('Quality control sample, not a patient specimen');
  await reject.getByRole('button', { name: 'Reject Message' }).click();
  await expect(reject).toBeHidden();
  await expect(sheet.getByText('Quality control sample, not a patient specimen')).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Match' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: accession })).toHaveCount(0);
});
