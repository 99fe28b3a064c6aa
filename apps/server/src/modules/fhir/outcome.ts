import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

/** What every FHIR answer, resource or OperationOutcome, is sent as. */
export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';

/** The issue types (http://hl7.org/fhir/issue-type) this API answers with. */
export type IssueType = OperationOutcomeIssue['code'];

/** A failure answered as an OperationOutcome with its HTTP status (routes.ts's error handler). */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issue: IssueType,
    message: string,
    /** The search parameter or element the issue is about. */
    readonly expression?: string,
  ) {
    super(message);
  }
}

export function operationOutcome(
  severity: OperationOutcomeIssue['severity'],
  code: IssueType,
  diagnostics: string,
  expression?: string,
): OperationOutcome {
  const issue: OperationOutcomeIssue = { severity, code, diagnostics };
  if (expression) issue.expression = [expression];
  return { resourceType: 'OperationOutcome', issue: [issue] };
}

/** What the caller may not see answers exactly as what does not exist. */
export const resourceNotFound = (type: string, id: string) =>
  new FhirError(404, 'not-found', `${type}/${id} is not known`);

export const invalidParameter = (name: string, message: string) =>
  new FhirError(400, 'invalid', message, name);
