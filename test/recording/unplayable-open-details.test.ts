// persona derive warns of the open details the fake cannot play (docs/verified-fake.md): a
// recorded build that chose otherwise than the fake at an unspecified clause where the fake has
// one choice only is played with the fake's own choice, and the user is told which clauses.
import { describe, expect, it } from "vitest";
import { unplayableOpenDetails } from "../../src/recording/derive-persona.js";
import { OPEN_DETAIL_SWITCHES } from "../../src/targets/fake/fake-app.js";
import { CATALOGUE } from "../../src/contract/catalogue.js";

const PLAYABLE = new Set(Object.keys(OPEN_DETAIL_SWITCHES));

describe("open details the fake cannot play", () => {
  it("are the clauses recorded differs-from-the-fake that the fake plays one way only", () => {
    const openDetails = {
      "snapshot.page.action-marks": "differs-from-the-fake",
      "snapshot.page.loc.href-form": "as-the-fake-chose",
      "task-spaces.create.duplicate-name": "differs-from-the-fake",
      "snapshot.max-result-length": "as-the-fake-chose",
    };
    expect(unplayableOpenDetails({ openDetails }, PLAYABLE)).toEqual(["task-spaces.create.duplicate-name"]);
  });

  it("none when the build chose as the fake did, or chose otherwise only where the fake plays both", () => {
    const openDetails = Object.fromEntries([...PLAYABLE].map((c) => [c, "differs-from-the-fake"]));
    expect(unplayableOpenDetails({ openDetails: { ...openDetails, "snapshot.max-result-length": "as-the-fake-chose" } }, PLAYABLE)).toEqual([]);
  });

  it("the clauses the fake plays either way are unspecified clauses of the catalogue", () => {
    for (const id of PLAYABLE) expect(CATALOGUE.find((c) => c.id === id)?.unspecified, id).toBeDefined();
  });
});
