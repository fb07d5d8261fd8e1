export { getBrowserVersion, listProfiles } from "./browser.js";
export { claimTaskSpace, closeTaskSpace, completeTaskSpace, createTaskSpace, handOffTaskSpace, listTaskSpaces, takeOverTaskSpace } from "./spaces.js";
export { createTab, listTabs } from "./tabs.js";
export { snapshot } from "./snapshot.js";
export { animationHighlightMouseToPosition, setAgentTaskState } from "./task-state.js";
