import { runService } from '@sc/platform';
import { restockService } from './app.js';

await runService(restockService);
