import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/**
 * Answers serialised by code compiled from each route's response schema (fast-json-stringify, Fastify's own
 * default), not by checking the answer against its zod schema first: on a page of fifty students with their
 * groups, zod's walk cost more than writing the JSON (issue 18). A schema JSON Schema cannot express keeps
 * zod's serialiser.
 *
 * What the compiled code does not do is refuse an answer that breaks its schema (it writes the number 5 where a
 * string is due as "5"). `check` (the test suites) serialises both ways and fails the request unless both give
 * the same JSON, so every answer the tests see proves the compiled output equal to zod's, refusals included.
 */
export function createResponseSerializer({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodSerialize = zodSerializerCompiler(route as never) as Serialize;
    const compiled = compile(route.schema);
    if (!compiled) return zodSerialize;
    if (!check) return compiled;
    return (data) => {
      const expected = zodSerialize(data);
      const written = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`compiled response of ${route.method} ${route.url} differs from zod's: ${written}`);
      }
      return written;
    };
  };
}

function compile(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    return fastJson(json as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}
