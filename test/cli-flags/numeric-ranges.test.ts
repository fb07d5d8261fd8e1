// Every numeric flag has a documented range, kept as data on its option
// (src/cli/options.ts `range`) and enforced where flags are parsed (src/cli/parse-flags.ts): any
// value outside it, or not a whole number in decimal digits, is a usage error (exit 2: main maps
// UsageError to 2); any value inside is accepted as given. So `--probe-timeout 1e99` (and
// anything of 2^31 ms or more, which Node's timers turn into 1 ms) is refused.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMAND_SPECS, type FlagSpec, type FlagTable } from "../../src/cli/options.js";
import { parseFlags } from "../../src/cli/parse-flags.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { renderCliReference } from "../../src/cli/cli-reference.js";
import { usageFor } from "../../src/cli/usage.js";

/** Placeholders that say a flag takes a number. */
const NUMERIC_VALUE = /^(N|MS)$/;

const ranged = COMMAND_SPECS.flatMap((spec) =>
  Object.entries(spec.flags as FlagTable)
    .filter(([, flag]) => flag.range !== undefined)
    .map(([name, flag]) => ({ command: spec.name, name, flag: flag as FlagSpec & { range: NonNullable<FlagSpec["range"]> }, flags: spec.flags as FlagTable })),
);

// `--name=value`: a value that starts with "-" reaches the flag (as `--name -1` would be read as a flag)
const parse = (flags: FlagTable, name: string, value: string) => parseFlags([`--${name}=${value}`], flags);

describe("numeric flags have a documented range", () => {
  it("every flag that takes a number has a range, and the ones that do are there", () => {
    for (const spec of COMMAND_SPECS) {
      for (const [name, flag] of Object.entries(spec.flags as FlagTable)) {
        if (flag.value !== undefined && NUMERIC_VALUE.test(flag.value)) expect(flag.range, `${spec.name} --${name}`).toBeDefined();
      }
    }
    expect(ranged.map((r) => `${r.command} --${r.name}`).sort()).toEqual(
      ["detect --probe-timeout", "fake start --close-delay-ms", "gate --min-clauses", "run --probe-timeout", "run --workers", "sweep --probe-timeout"].sort(),
    );
  });

  it("--probe-timeout stops below 2^31 ms, where Node's timers overflow to 1 ms", () => {
    for (const { command, name, flags } of ranged.filter((r) => r.name === "probe-timeout")) {
      for (const value of ["1e99", String(2 ** 31), "2147483648", "1e3", "0x10", "Infinity"]) {
        expect(() => parse(flags, name, value), `${command} --${name} ${value}`).toThrow(UsageError);
      }
      expect(parse(flags, name, String(2 ** 31 - 1)).values[name as never]).toBe(String(2 ** 31 - 1));
    }
  });

  it("any whole number inside the range is accepted as given", () => {
    for (const { command, name, flag, flags } of ranged) {
      fc.assert(
        fc.property(fc.integer({ min: flag.range.min, max: flag.range.max }), (n) => {
          const { values } = parse(flags, name, String(n));
          expect(values[name as never], `${command} --${name} ${n}`).toBe(String(n));
        }),
      );
    }
  });

  it("any value outside the range, or not a whole number, is a usage error naming the flag and the range", () => {
    for (const { command, name, flag, flags } of ranged) {
      const below = fc.bigInt({ min: -(10n ** 30n), max: BigInt(flag.range.min) - 1n }).map(String);
      const above = fc.bigInt({ min: BigInt(flag.range.max) + 1n, max: 10n ** 30n }).map(String);
      const fractional = fc.tuple(fc.integer({ min: flag.range.min, max: flag.range.max }), fc.integer({ min: 1, max: 999 })).map(([i, f]) => `${i}.${f}`);
      const notDigits = fc.string().filter((s) => !/^\d+$/.test(s));
      const exponent = fc.integer({ min: 0, max: 400 }).map((e) => `1e${e}`);
      fc.assert(
        fc.property(fc.oneof(below, above, fractional, notDigits, exponent), (value) => {
          let error: unknown;
          try {
            parse(flags, name, value);
          } catch (e) {
            error = e;
          }
          expect(error, `${command} --${name} '${value}'`).toBeInstanceOf(UsageError);
          expect((error as Error).message).toContain(`--${name}`);
          expect((error as Error).message).toContain(`${flag.range.min} to ${flag.range.max}`);
        }),
      );
    }
  });

  it("help and docs/cli.md state each range", () => {
    const doc = renderCliReference();
    for (const { command, name, flag } of ranged) {
      const said = `${flag.range.min} to ${flag.range.max}`;
      expect(usageFor(command.split(" ")[0]!)?.replace(/\s+/g, " "), `help ${command} --${name}`).toContain(said);
      const row = doc.split("\n").find((l) => l.startsWith(`| \`--${name} `) && l.includes(said));
      expect(row, `docs/cli.md ${command} --${name}`).toBeDefined();
    }
  });
});
