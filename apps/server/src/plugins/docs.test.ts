import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { CSV_ALTERNATIVES, FILE_ANSWERS, SERVICE_REFUSALS, SUMMARIES } from '../api-docs/catalog';
import { operationIdFor, tagFor } from '../api-docs/transforms';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('the API documentation', () => {
  it('is served when API_DOCS is on (the default outside production)', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('is not served when API_DOCS is off, though the app still describes itself', async () => {
    t = await createTestApp({ env: { API_DOCS: 'false' } });
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    }
    expect(t.app.swagger()).toHaveProperty(['paths', '/api/health']);
  });
});

interface Response {
  description?: string;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; schema?: unknown }>;
  responses: Record<string, Response>;
}
interface Document {
  openapi: string;
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
}

/** The document as integrators fetch it, read once for the checks below. */
describe('the OpenAPI document', () => {
  let app: TestApp;
  let source: string;
  let doc: Document;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, path: p, op })),
    );

  beforeAll(async () => {
    app = await createTestApp();
    const res = await app.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    source = res.body;
    doc = JSON.parse(source) as Document;
  });
  afterAll(async () => {
    await app.close();
  });

  it('is valid OpenAPI 3.1 (swagger-parser)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // validate() dereferences the object it is given: hand it a copy.
    await expect(SwaggerParser.validate(JSON.parse(source))).resolves.toBeTruthy();
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const describe = (p: (typeof problems)[number]) =>
      `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`;
    expect(problems.filter((p) => p.severity === 'error').map(describe)).toEqual([]);
    // The warnings left, and why they stay: no license is declared for the project; three pairs
    // of paths look alike to a reader but Fastify routes them apart (fixed segments first), and
    // changing them would change the API; the health and readiness checks and the
    // CapabilityStatement answer no 4xx; the FHIR writes only ever answer 405.
    const allowed = new Set([
      'info-license',
      'no-ambiguous-paths',
      'operation-4xx-response',
      'operation-2xx-response',
    ]);
    expect(problems.filter((p) => !allowed.has(p.ruleId)).map(describe)).toEqual([]);
    const no4xx = problems
      .filter((p) => p.ruleId === 'operation-4xx-response')
      .map((p) => p.location[0]?.pointer);
    expect(no4xx.sort()).toEqual([
      '#/paths/~1api~1health/get/responses',
      // The facility's details: public, with nothing to ask (the public pages' footer).
      '#/paths/~1api~1public~1facility/get/responses',
      '#/paths/~1api~1ready/get/responses',
      // SMART's discovery document, public like the CapabilityStatement.
      '#/paths/~1fhir~1R4~1.well-known~1smart-configuration/get/responses',
      '#/paths/~1fhir~1R4~1metadata/get/responses',
    ]);
  });

  it('names, summarises and tags every operation, with tags declared at the top level', () => {
    const ids = new Map<string, string>();
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    for (const { key, op } of operations()) {
      expect(op.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(ids.get(op.operationId ?? ''), `${key} shares its operationId`).toBeUndefined();
      ids.set(op.operationId ?? '', key);
      expect(op.summary, key).toBeTruthy();
      expect(op.tags, key).toHaveLength(1);
      expect(declared.get(op.tags?.[0] ?? ''), `tag of ${key}`).toBeTruthy();
    }
    expect(ids.size).toBeGreaterThan(120);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    // Ids follow method + path, so they stay put while the routes do.
    expect(doc.paths['/api/admin/beds/{id}']?.put?.operationId).toBe('putAdminBedsById');
    expect(doc.paths['/api/auth/login']?.post?.operationId).toBe('postAuthLogin');
    expect(doc.paths['/fhir/R4/{type}']?.get?.operationId).toBe('fhirSearch');
  });

  it('leaves no entry of docs-catalog.ts that names no operation', () => {
    const keys = new Set(operations().map(({ key }) => key));
    const stale = [
      SUMMARIES,
      SERVICE_REFUSALS,
      FILE_ANSWERS,
      Object.fromEntries(CSV_ALTERNATIVES.map((k) => [k, k])),
    ].flatMap((table) => Object.keys(table).filter((key) => !keys.has(key)));
    expect(stale).toEqual([]);
  });

  it("documents the app's refusals with its one error shape, and FHIR's as OperationOutcomes", () => {
    for (const { key, path: p, op } of operations()) {
      const statuses = Object.keys(op.responses);
      expect(statuses.some((s) => /^2/.test(s)) || statuses.includes('405'), key).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^4/.test(status) || status === '429') continue;
        const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
        if (p.startsWith('/fhir/')) {
          expect(type, `${key} ${status}`).toBe('application/fhir+json');
          expect(media?.schema?.$ref, `${key} ${status}`).toBe('#/components/schemas/OperationOutcome');
        } else {
          expect(type, `${key} ${status}`).toBe('application/json');
          expect(media?.schema?.$ref, `${key} ${status}`).toBe('#/components/schemas/ApiError');
        }
      }
      // Every path parameter is declared, with a schema.
      for (const name of p.match(/\{[^}]+\}/g) ?? []) {
        const parameter = op.parameters?.find((x) => x.in === 'path' && `{${x.name}}` === name);
        expect(parameter?.schema, `${key} ${name}`).toBeTruthy();
      }
    }
    const op = (method: string, p: string) => doc.paths[p]?.[method] as Operation;
    // A report answers its page as JSON, or the whole report as CSV: both are documented.
    expect(Object.keys(op('get', '/api/pharmacy/reports/expiry').responses['200']?.content ?? {})).toEqual([
      'application/json',
      'text/csv',
    ]);
    // Signed-in routes: 401 and 403; a body: 400; an id: 404; the services' conflicts: 409.
    expect(Object.keys(op('put', '/api/admin/beds/{id}').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409']),
    );
    // Rate-limited sign-in: 429 as the plain text the app answers, with Retry-After.
    const tooMany = op('post', '/api/auth/login').responses['429'] as Response & { headers?: object };
    expect(tooMany.content).toHaveProperty('text/plain');
    expect(tooMany.headers).toHaveProperty('Retry-After');
    // Public routes need no credentials; the rest take the cookie or a bearer token.
    expect(op('post', '/api/auth/login').security).toEqual([]);
    expect(op('get', '/api/admin/beds').security).toBeUndefined();
    // FHIR's read-only refusals.
    expect(Object.keys(op('delete', '/fhir/R4/{type}/{id}').responses)).toEqual(['405']);
  });

  it('generates a typed client (openapi-typescript) that a program type-checks against', async () => {
    const client = astToString(await openapiTS(JSON.parse(source)));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-openapi-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.ts'), client);
      fs.writeFileSync(
        path.join(dir, 'usage.ts'),
        `import type { components, operations, paths } from './api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type BedPage = Json<paths['/api/admin/beds']['get']['responses'][200]>;
type Login = Json<paths['/api/auth/login']['post']['requestBody']>;
type ApiError = components['schemas']['ApiError'];

const login: Login = { email: 'ada@example.com', password: 'secret-1' };
const refused: ApiError = { error: 'Not found', code: 'NOT_FOUND', fieldErrors: { id: ['Unknown'] } };
export function firstLabel(page: BedPage): string | undefined {
  return page.data[0]?.label;
}
export const nullable = (page: BedPage): string | null | undefined => page.data[0]?.patientId;
export const bedId: operations['putAdminBedsById']['parameters']['path']['id'] = 'b1';
export const conflict: Json<paths['/api/admin/beds/{id}']['put']['responses'][409]> = refused;
export const search: operations['fhirSearch']['parameters']['path']['type'] = 'Patient';
export { login };

// The types are precise, not any:
// @ts-expect-error code is required
export const noCode: ApiError = { error: 'x' };
// @ts-expect-error not a resource type the FHIR API serves
export const notServed: operations['fhirSearch']['parameters']['path']['type'] = 'Account';
`,
      );
      const program = ts.createProgram([path.join(dir, 'usage.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
        skipLibCheck: true,
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnostics).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('operation ids and tags', () => {
  it('come from the method and the path', () => {
    expect(operationIdFor('get', '/api/admin/emergency-room')).toBe('getAdminEmergencyRoom');
    expect(operationIdFor('post', '/api/admin/queues/{department}/call-next')).toBe(
      'postAdminQueuesCallNextByDepartment',
    );
    expect(tagFor('doctor appointments', '/api/doctor/dashboard')).toBe('doctor: appointments');
    expect(tagFor('schedules', '/api/doctor/schedule')).toBe('doctor: schedules');
    expect(tagFor('schedules', '/api/doctors/available')).toBe('schedules');
    expect(tagFor('doctor: transactions', '/api/doctor/invoices')).toBe('doctor: invoices');
  });
});
