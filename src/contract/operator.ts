/**
 * The human at the browser. On the fake an API plays the person; on an installed build there is
 * usually nobody, and clauses that need one are skipped with "needs operator".
 */
export interface UserSpaceOptions {
  /** profile id; the default profile when omitted */
  profileId?: string;
  /** tabs to open in the new Space */
  tabs?: { url: string; title: string }[];
}

export interface Operator {
  /** Create a regular Space in the UI: createdBy 'user', ownership 'user'. Resolves its numeric id. */
  createUserSpace(name: string, options?: UserSpaceOptions): Promise<{ id: number }>;
  /** Take control of a space for a reason key (manual_takeover, location, camera, ...). */
  takeControl(id: number, reason: string): Promise<void>;
  /** Give control back to the agent (answer the prompt, press "return control"). */
  returnControl(id: number): Promise<void>;
  /** Close a Space from the UI (used only on spaces the operator itself created). */
  closeUserSpace(id: number): Promise<void>;
  /**
   * Answer the oldest prompt a page of the space put up (a JS dialog, a permission prompt):
   * accept or dismiss/deny, with the text for a prompt() dialog. Resolves whether there was one.
   * Only where the operator sees pages (the fake with real pages).
   */
  answerPrompt?(id: number, answer: { accept: boolean; promptText?: string }): Promise<boolean>;
}
