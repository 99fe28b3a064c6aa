import { HL7_MESSAGES, type Hl7AckCode } from '@carepoint/contract';
import type { Hl7Message } from '@medplum/core';
import { eq, inArray } from 'drizzle-orm';
import { labOrders, labOrderTests, labPanelMembers, labSpecimens, labTests } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { fileResult } from '../lab-results';
import { type Hl7Problem, Hl7Refusal, type Observation, readObservations } from './oru';

/** What became of a message's values: all filed on the specimen, or none, with the reason. */
export type FilingOutcome =
  | { state: 'Filed'; ackCode: 'AA'; specimenId: string; patientId: string }
  | {
      state: 'Unmatched' | 'Rejected';
      ackCode: Exclude<Hl7AckCode, 'AA'>;
      problem: Hl7Problem;
      specimenId: null;
      patientId: string | null;
    };

export interface Specimen {
  id: string;
  orderId: string;
  patientId: string;
}

/** The tests an order asks for, directly or through a panel, by LOINC code; each with its answers. */
async function orderedTestsByLoinc(ctx: ServiceContext, orderId: string) {
  const ordered = await ctx.db
    .select({ id: labTests.id, kind: labTests.kind, loinc: labTests.loincCode, choices: labTests.choices })
    .from(labOrderTests)
    .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
    .where(eq(labOrderTests.orderId, orderId));
  const panels = ordered.filter((test) => test.kind === 'panel').map((test) => test.id);
  const members =
    panels.length === 0
      ? []
      : await ctx.db
          .select({
            id: labTests.id,
            kind: labTests.kind,
            loinc: labTests.loincCode,
            choices: labTests.choices,
          })
          .from(labPanelMembers)
          .innerJoin(labTests, eq(labTests.id, labPanelMembers.testId))
          .where(inArray(labPanelMembers.panelId, panels));
  const byLoinc = new Map<string, { id: string; choices: string[] }>();
  for (const test of [...ordered, ...members])
    if (test.kind === 'test' && !byLoinc.has(test.loinc)) byLoinc.set(test.loinc, test);
  return byLoinc;
}

/** A coded answer as the catalogue spells it (its text or its code, any case), else as sent. */
function answerOf(observation: Observation, choices: readonly string[]): number | string {
  const { value } = observation;
  if (value.kind !== 'coded') return value.value;
  for (const sent of [value.text, value.code]) {
    const choice = choices.find((c) => c.toLowerCase() === sent.toLowerCase());
    if (choice) return choice;
  }
  return value.text || value.code;
}

const unmatched = (problem: Hl7Problem, patientId: string | null = null): FilingOutcome => ({
  state: 'Unmatched',
  ackCode: 'AE',
  problem,
  specimenId: null,
  patientId,
});

/**
 * The specimen an ORU^R01's accession number names, or why its values cannot be filed (no
 * accession, or none that the laboratory issued): read before the message is stored, so a message
 * that files nothing is stored with its outcome at once.
 */
export async function specimenToFile(
  ctx: ServiceContext,
  accession: string | null,
): Promise<{ specimen: Specimen } | { unmatched: FilingOutcome }> {
  const where = { segment: 'OBR', sequence: 1, field: 3 };
  if (!accession)
    return { unmatched: unmatched({ message: HL7_MESSAGES.noAccession, code: '101', location: where }) };
  const [specimen]: Specimen[] = await ctx.db
    .select({ id: labSpecimens.id, orderId: labSpecimens.orderId, patientId: labOrders.patientId })
    .from(labSpecimens)
    .innerJoin(labOrders, eq(labOrders.id, labSpecimens.orderId))
    .where(eq(labSpecimens.accession, accession));
  if (!specimen)
    return { unmatched: unmatched({ message: HL7_MESSAGES.unknownAccession, code: '204', location: where }) };
  return { specimen };
}

/**
 * Files every OBX of an ORU^R01 on its specimen (specimenToFile), each through labresults'
 * `fileResult` (source analyser, preliminary), in one savepoint of the caller's transaction: all
 * values are filed, or none (a refusal rolls the savepoint back and says why).
 */
export async function fileObservations(
  ctx: ServiceContext,
  hl7MessageId: string,
  message: Hl7Message,
  specimen: Specimen,
): Promise<FilingOutcome> {
  try {
    await ctx.db.transaction(async (tx) => {
      const inside = inTransaction(ctx, tx);
      const observations = readObservations(message);
      const tests = await orderedTestsByLoinc(inside, specimen.orderId);
      for (const observation of observations) {
        const test = tests.get(observation.loinc);
        const location = { segment: 'OBX', sequence: observation.sequence, field: 3 };
        if (!test) throw new Hl7Refusal({ message: HL7_MESSAGES.unknownTest, code: '204', location });
        try {
          await fileResult(inside, {
            specimenId: specimen.id,
            testId: test.id,
            value: answerOf(observation, test.choices),
            unit: observation.unit,
            source: 'analyser',
            hl7MessageId,
          });
        } catch (error) {
          // fileResult's refusals (a unit that is not the test's, a value not among the answers,
          // a rejected specimen, a value already filed) are the sender's to hear, in its words.
          if (error instanceof AppError && error.statusCode < 500)
            throw new Hl7Refusal({
              message: error.message,
              code: '207',
              location: { ...location, field: 5 },
            });
          throw error;
        }
      }
    });
  } catch (error) {
    if (!(error instanceof Hl7Refusal)) throw error;
    return {
      state: 'Rejected',
      ackCode: 'AE',
      problem: error.problem,
      specimenId: null,
      patientId: specimen.patientId,
    };
  }
  return { state: 'Filed', ackCode: 'AA', specimenId: specimen.id, patientId: specimen.patientId };
}

/** Files a stored message's values on the specimen with this accession number (the inbox's match), or says why not. */
export async function fileOnAccession(
  ctx: ServiceContext,
  hl7MessageId: string,
  message: Hl7Message,
  accession: string,
): Promise<FilingOutcome> {
  const found = await specimenToFile(ctx, accession);
  if ('unmatched' in found) return found.unmatched;
  return fileObservations(ctx, hl7MessageId, message, found.specimen);
}
