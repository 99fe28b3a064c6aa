import { FhirError } from './outcome';

/*
 * The one format this API writes is FHIR R4 JSON. A client asking for anything else (XML,
 * Turtle, another FHIR version) gets 406 with an OperationOutcome, not JSON it did not ask for.
 */

const FHIR_VERSION = '4.0';
/** `_format` values that mean JSON (FHIR's short forms and the MIME types). */
const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);
/** Media ranges of Accept that our JSON satisfies. */
const JSON_RANGES = new Set(['*/*', 'application/*', 'application/json', 'application/fhir+json']);

interface MediaRange {
  type: string;
  parameters: Map<string, string>;
}

const parseMediaType = (text: string): MediaRange => {
  const [type = '', ...parameters] = text.split(';').map((part) => part.trim());
  return {
    type: type.toLowerCase(),
    parameters: new Map(
      parameters.map((parameter) => {
        const [key = '', value = ''] = parameter.split('=').map((part) => part.trim());
        return [key.toLowerCase(), value.replace(/^"|"$/g, '')];
      }),
    ),
  };
};

/** R4's version parameter: absent, or 4.0 (4.0.1 too). q=0 excludes the range (RFC 9110). */
const acceptable = (range: MediaRange, types: ReadonlySet<string>) => {
  const version = range.parameters.get('fhirversion');
  const q = range.parameters.get('q');
  return (
    types.has(range.type) &&
    (version === undefined || version === FHIR_VERSION || version.startsWith(`${FHIR_VERSION}.`)) &&
    (q === undefined || Number(q) > 0)
  );
};

/** Refuses (406) a `_format` or an `Accept` that FHIR R4 JSON does not satisfy. */
export function requireFhirJson(format: string | string[] | undefined, accept: string | undefined) {
  const formats = [format ?? []].flat();
  for (const value of formats) {
    const range = parseMediaType(value);
    if (!JSON_FORMATS.has(range.type) || !acceptable(range, JSON_FORMATS)) {
      throw new FhirError(
        406,
        'not-supported',
        `_format=${value} is not supported: this API answers FHIR R4 JSON only`,
        '_format',
      );
    }
  }
  if (formats.length > 0 || accept === undefined || accept.trim() === '') return;
  const ranges = accept.split(',').map(parseMediaType);
  if (!ranges.some((range) => acceptable(range, JSON_RANGES))) {
    throw new FhirError(
      406,
      'not-supported',
      `Accept: ${accept} cannot be answered: this API answers application/fhir+json (FHIR ${FHIR_VERSION}) only`,
    );
  }
}
