import type { Resource } from '@medplum/fhirtypes';
import type { ServiceContext } from '../../lib/context';
import type { Cursor } from './cursor';
import type { ParsedSearch, SearchParamDefinition } from './params';

/** A FHIR request as the resource types see it. */
export interface FhirContext {
  ctx: ServiceContext;
  /**
   * The one patient whose compartment the caller may read (a patient reading their own record),
   * or undefined for staff, who read every patient's, as they do in the app.
   */
  patientScope: string | undefined;
  /** The facility's time zone: dates without an offset are its wall clock. */
  timeZone: string;
}

export interface SearchResult<R extends Resource> {
  /** At most `search.count` resources, from `search.offset` or after `search.cursor`, in a stable order. */
  resources: R[];
  /** Every match, when `search.total` is 'accurate'. */
  total?: number;
  /** The sort key of the page's last resource when the page is full: the `next` link starts after it. */
  next?: Cursor;
}

/**
 * One resource type of the API: its search parameters (the CapabilityStatement lists exactly
 * these), read and search. Both must keep a patient caller inside their own compartment
 * (`patientScope`) in SQL, so paging and totals count only what the caller may see; routes.ts
 * checks every answered resource again.
 */
export interface FhirResourceType<R extends Resource = Resource> {
  type: R['resourceType'];
  searchParams: readonly SearchParamDefinition[];
  read(fhir: FhirContext, id: string): Promise<R | undefined>;
  search(fhir: FhirContext, search: ParsedSearch): Promise<SearchResult<R>>;
  /** Every resource of this type about one patient, for Patient/{id}/$everything. */
  everything?(fhir: FhirContext, patientId: string): Promise<R[]>;
}
