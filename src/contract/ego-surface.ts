/**
 * The TypeScript shape of `globalThis.ego` as documented (native-bindings-api.md). Probes are
 * typed against it; the fake bridge implements it. Results are `unknown`-ish on purpose: a probe
 * observes what came back and the schemas in ./schemas.ts judge it.
 */
export interface EgoSurface {
  getBrowserVersion?(): Promise<unknown>;
  useTaskSpace(id: number): unknown;
  listProfiles?(): Promise<unknown>;
  createTab(url: string): Promise<unknown>;
  listTabs(): Promise<unknown>;
  snapshot(options?: Record<string, unknown>): Promise<unknown>;
  listTaskSpaces(): Promise<unknown>;
  createTaskSpace(name: string, profileId?: string): Promise<unknown>;
  claimTaskSpace(id: number, name?: string): Promise<unknown>;
  closeTaskSpace(): Promise<unknown>;
  completeTaskSpace(): Promise<unknown>;
  handOffTaskSpace(): Promise<unknown>;
  takeOverTaskSpace(): Promise<unknown>;
  setAgentTaskState(state: string): Promise<unknown>;
  animationHighlightMouseToPosition(x: number, y: number): Promise<unknown>;
  sendCDPMessage(message: string): unknown;
  onCDPMessage: ((message: string) => void) | unknown;
  onSendCDPMessageError: ((message: string, errorCode: string) => void) | unknown;
}
