export { FakeOperator } from "./fake-operator.js";
