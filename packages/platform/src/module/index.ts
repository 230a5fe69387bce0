export {
  type ConfiguredService,
  defineService,
  type ServiceBaseConfig,
  type ServiceConfigSchema,
  type ServiceDatabaseSpec,
  type ServiceDefinition,
  type ServiceInfra,
  type ServiceModule,
} from './module';
export {
  connectSystemCache,
  openServiceDatabase,
  openServiceInfra,
  runService,
  type ServiceProcessInfra,
} from './run';
export {
  requireDatabase,
  type ServiceStore,
  serviceDatabase,
  startDatabaseService,
  startService,
} from './start';
