import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializingFrozenOnce } from './serialization';

/** A route whose answer is a shared, frozen object (as the read cache's are), or a fresh one. */
async function appAnswering(answer: () => object) {
  let serialized = 0;
  const app = Fastify();
  const counting: typeof serializerCompiler = (route) => {
    const serialize = serializerCompiler(route);
    return (data: unknown) => {
      serialized += 1;
      return serialize(data);
    };
  };
  app.setSerializerCompiler(serializingFrozenOnce(counting));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/page',
      { schema: { response: { 200: z.object({ name: z.string() }) } } },
      async () => answer() as { name: string },
    );
  await app.ready();
  return { app, serialized: () => serialized };
}

describe('serializing frozen answers once', () => {
  it('checks and stringifies a frozen answer once, and still answers only what the schema allows', async () => {
    const shared = Object.freeze({ name: 'Ada', passwordHash: 'secret' });
    const { app, serialized } = await appAnswering(() => shared);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/page' });
      expect(res.json()).toEqual({ name: 'Ada' });
    }
    expect(serialized()).toBe(1);
    await app.close();
  });

  it('serializes every answer that is not frozen, so a changed object is never answered stale', async () => {
    const answer = { name: 'Ada' };
    const { app, serialized } = await appAnswering(() => answer);
    expect((await app.inject({ url: '/page' })).json()).toEqual({ name: 'Ada' });
    answer.name = 'Grace';
    expect((await app.inject({ url: '/page' })).json()).toEqual({ name: 'Grace' });
    expect(serialized()).toBe(2);
    await app.close();
  });
});
