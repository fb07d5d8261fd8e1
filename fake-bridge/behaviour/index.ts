export { resolveBehaviour, type Behaviour, type BehaviourInput } from "./behaviour.js";
