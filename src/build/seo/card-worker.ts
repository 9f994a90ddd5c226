import { workerData } from "node:worker_threads";
import { serveBatches } from "../worker-pool.ts";
import { loadCardAssets } from "./card-image.ts";
import { drawIntoCache, type CardToDraw, type CardWorkerData } from "./social-cards.ts";

/** A drawing thread of social-cards.ts on the build's worker pool: loads the fonts once, then draws each batch of cards into the cache. */
const { logo, cacheDir } = workerData as CardWorkerData;
const assets = loadCardAssets(logo);
serveBatches<CardToDraw, number>(async (cards) => {
  const sizes: number[] = [];
  for (const card of cards) sizes.push(await drawIntoCache(card, assets, cacheDir));
  return sizes;
});
