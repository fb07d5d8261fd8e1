// Detection and the safety checks run their probes from the CLI process, which runs under tsx:
// there esbuild prints `async(p)=>...` (no space) and wraps named inner functions in
// `__name(fn, "name")`, a helper that does not travel with the function's source text.
import { describe, expect, it } from "vitest";
import { createFakeTarget } from "../../src/targets/fake/fake-target.js";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import type { ProbeFunction } from "../../src/targets/target.js";

describe("probes printed by esbuild under tsx", () => {
  it("run in a target", async () => {
    // what tsx makes of `async (p) => { const list = async () => ...; return list(); }`
    const printed = (0, eval)('(async(p)=>{const list=__name(async()=>(await p.ego.listTaskSpaces()).taskSpaces.length,"list");return list();})') as ProbeFunction<[], number>;
    const target = createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features });
    const session = await target.openSession();
    expect(await session.evaluate(printed)).toBe(0);
    await session.close();
  });
});
