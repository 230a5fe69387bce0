import { runService } from '@acg/platform';
import { gatewayModule } from './module';

await runService(gatewayModule);
