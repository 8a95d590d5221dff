export { default, loader } from "./placeholder";
