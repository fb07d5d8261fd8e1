export { PERSONAS, PERSONA_NAMES, UnknownPersonaError, featuresOff, featuresOn, personaByName, type Persona, type PersonaDifference } from "./personas.js";
export { FakeBuildError, fakeBuild, type FakeBuild } from "./fake-build.js";
export { PERSONA_FILE_FORMAT, PersonaFile } from "./persona-file.js";
