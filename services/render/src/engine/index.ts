// The template engine at its former address. The engine is the package packages/template-engine
// (@sc/template-engine), which render imports by name; this entry stays because the shared
// conformance tool (../shared/tools/template-oracle.mjs) loads `services/render/src/engine/index.ts`
// from the project root. Nothing in the project imports this file.
export * from '@sc/template-engine';
