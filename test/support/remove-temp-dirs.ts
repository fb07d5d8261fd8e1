// Setup file of both self-test projects: the temporary directories a test file made with
// tempDir (./temp-dir.ts) go when the file is done (its own afterAll hooks run first).
import { afterAll } from "vitest";
import { removeTempDirs } from "./temp-dir.js";

afterAll(removeTempDirs, 30_000);
