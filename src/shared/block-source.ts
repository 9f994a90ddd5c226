/**
 * The source file of a block's component: type `fooBar` is `FooBar`, exported by
 * the file of that name under src/app/blocks/ (the registry's convention). The build finds the block's chunk by it.
 */
export const blockSource = (type: string): string => `src/app/blocks/${type[0]!.toUpperCase()}${type.slice(1)}.tsx`;
