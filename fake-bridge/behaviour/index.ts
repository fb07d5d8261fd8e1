export { CURRENT_FEATURES, resolveBehaviour, type Behaviour, type BehaviourInput } from "./behaviour.js";
