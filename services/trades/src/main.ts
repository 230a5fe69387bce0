import { runService } from '@acg/platform';
import { serviceModule } from './module';

await runService(serviceModule);
