/**
 * The kinds of answer a running clause's matchers found wrong, so its failed result says what it
 * failed on and attribution can tell which failure stopped a precondition (src/outcomes/attribution.ts).
 */
import { onNextTarget } from "../target-scope/next-target.js";
import { isObservingOpenDetail, ownTitle } from "./feature-reads.js";

const JUDGED = new Map<string, Set<string>>();
onNextTarget(() => JUDGED.clear());

/** `testName` (expect.getState().currentTestName) judged an answer of kind `answer` wrong; outside a test nothing is noted. */
export function noteWrongAnswer(testName: string | undefined, answer: string): void {
  if (testName === undefined) return;
  const title = ownTitle(testName);
  if (isObservingOpenDetail(title)) return;
  const answers = JUDGED.get(title) ?? new Set<string>();
  answers.add(answer);
  JUDGED.set(title, answers);
}

/** The kinds of answer the test `title` found wrong since its attempt began, sorted. */
export function wrongAnswersOf(title: string): string[] {
  return [...(JUDGED.get(title) ?? [])].sort();
}

/** A new attempt of the test `title` starts with nothing noted. */
export function forgetWrongAnswers(title: string): void {
  JUDGED.delete(title);
}
