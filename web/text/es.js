// Spanish (español): the same keys as en.js, in the same careful register; the handout's
// notation (Q, K, V, d_k, §-numbers, code) stays as it is.
import choiceWords from './choice-words.js';
import settingNames from './setting-names.js';

export default {
  address: {
    malformedEscape:
      'no se puede leer la dirección: «{escape}» no es un escape de texto UTF-8 (se esperaba % y dos dígitos hexadecimales, como %20 para un espacio)',
    noExperiment: 'no hay ningún experimento de entrenamiento "{id}" (se esperaba {choices})',
    noVariant: 'no hay ninguna variante {seed} (se esperaba un número entero de 0 a {max})',
    notJson: 'las entradas de la dirección no son JSON válido',
    unknownSetting: 'ajuste de entrenamiento desconocido "{key}"',
    noStep: 'el paso {step} no existe (este ejemplo tiene {steps})',
    notThisExample: 'la entrada "{name}" no pertenece a este ejemplo',
    unknownControl: 'control desconocido "{control}" en hide=',
    unknownParameter: 'parámetro desconocido "{key}" en la dirección (se esperaba {choices})',
    unreadable: 'dirección ilegible "{hash}"',
    noFamily: 'no hay ningún problema de práctica "{id}"',
    noExample: 'no hay ningún ejemplo "{id}"',
  },
  assignment: {
    defaultTitle: 'Autoatención: un problema de cada tipo',
    noTitle: 'title: se esperaba un título y no se recibió nada',
    noFamilies: 'families: se esperaba al menos un id de problema de práctica y no se recibió ninguno',
    repeatedFamily: 'families: un problema aparece dos veces',
    notAnAssignment: 'no contiene ninguna tarea',
    title: 'Tarea',
    loading: 'Cargando la tarea…',
    notLoaded:
      'No se pudieron cargar las páginas de tareas; los ejemplos resueltos siguen funcionando. Recarga la página para volver a intentarlo. Lo que dijo el navegador:',
    whoAreYou: 'Tu nombre o número de estudiante',
    whoWhy:
      'Cada estudiante recibe sus propios problemas, generados a partir de lo que escribas aquí: escríbelo siempre igual (también en la hoja de ejercicios, si la hay) para recuperar los mismos problemas.',
    whoWhyClass:
      'Figura en tu archivo de resultados y separa tus respuestas de las de cualquier otra persona que use este ordenador.',
    start: 'Empezar',
    noName: 'Escribe primero tu nombre o número de estudiante.',
    notYou: '¿No eres tú?',
    previousProblem: 'Problema anterior',
    nextProblem: 'Problema siguiente',
    passed: 'Aprobado.',
    notPassed: 'Todavía no aprobado.',
    solvedMark: 'resuelto',
    formative:
      'Esta puntuación se calcula en tu navegador: os ayuda a ti y a tu profesor a ver dónde estás, pero no demuestra nada, porque cualquiera puede cambiarla desde la consola del navegador.',
    download: 'Descargar mi archivo de resultados',
    downloadWhy:
      'El archivo guarda cada respuesta que escribiste, su veredicto y su hora: entrégalo si tu profesor te lo pide.',
    noHints: 'Las pistas están desactivadas en esta tarea.',
    noSolutions: 'Las soluciones están desactivadas en esta tarea.',
    cannotStore:
      'Este navegador no deja que la página guarde tu recorrido, así que se perderá al recargar: descarga tu archivo de resultados antes de salir.',
    runSetAside:
      'El recorrido que este navegador guardaba para esta tarea no se pudo leer (estaba dañado), así que empieza uno nuevo; la copia dañada se guarda aparte en el navegador, no se borra.',
    resultTitle: 'Un archivo de resultados',
    resultIntro:
      'Abre los archivos de resultados que descargaron los estudiantes (hasta 300 a la vez): el motor vuelve a comprobar cada respuesta y se marca todo veredicto del archivo que el motor no da.',
    openResult: 'Abrir archivos de resultados (uno, o los de toda la clase)',
    summaryColumns: ['Estudiante', 'Resueltos', 'Nota de aprobado', 'Veredictos del archivo'],
    csvColumns: [
      'archivo',
      'estudiante',
      'tarea',
      'resueltos',
      'problemas',
      'porcentaje',
      'aprobado',
      'intentos',
      'comprobación',
      'duplicado',
    ],
    readingFiles: 'Leyendo {n, plural, one {# archivo de resultados} other {# archivos de resultados}}… {percent} %',
    cancelReading: 'Cancelar la lectura',
    readingStopped: 'Lectura detenida: los archivos no se abrieron, y se sigue mostrando lo que se mostraba antes.',
    rowsShown: 'Filas {from}–{to} de {n}.',
    previousRows: 'Filas anteriores',
    nextRows: 'Filas siguientes',
    drawingSheets: 'Preparando las hojas de {n, plural, one {# estudiante} other {# estudiantes}}… {percent} %',
    cancelSheets: 'Cancelar la preparación',
    sheetsStopped:
      'Preparación detenida: no están todas las hojas, así que Imprimir sigue desactivado. Vuelve a abrir las hojas para prepararlas todas.',
    tooManyFiles:
      'No se abrió nada: se esperaban como mucho {most, plural, one {# archivo de resultados} other {# archivos de resultados}} a la vez, y se recibieron {got}. Abre la clase por partes.',
    otherAssignment: 'la tarea del archivo no es la tuya ({what})',
    duplicate: 'este estudiante tiene otro archivo aquí',
    checkedAgainst:
      'Comprobado con tu tarea «{title}»: sus problemas, semillas, nota de aprobado y configuración, no los del archivo.',
    mixedAssignments:
      'Estos archivos pertenecen a {n, plural, one {# tarea distinta} other {# tareas distintas}}. Ábrelos desde tu tarea en la vista del profesor para comprobar cada uno con ella.',
    statsTitle: 'Cada problema',
    statsColumns: ['Problema', 'Resuelto', 'Resuelto al primer intento', 'Error conceptual más frecuente'],
    metTimes: '{what} ({n, plural, one {# vez} other {# veces}})',
    noMisconception: 'ninguno que el motor reconozca',
    cellsKey:
      '✓: resuelto al primer intento; ✓ 3: resuelto al tercero; ✗ 2: dos intentos, sin resolver; –: sin intentar.',
    csvFile: 'attention-lab-resultados.csv',
    answersLabel: 'Respuestas, en orden',
    yes: 'sí',
    no: 'no',
    downloadCsv: 'Descargar la tabla (CSV, para el libro de calificaciones)',
    answersHeading: ['Problema', 'Respuestas, en orden', 'Veredicto'],
    recordedCorrect: 'el archivo dice correcto; el motor no',
    recordedWrong: 'el archivo dice todavía no; el motor dice correcto',
    agrees: 'todos los veredictos del archivo son los del motor',
    none: 'sin respuesta',
    notKept: 'una respuesta que el LMS no guardó (no tenía sitio para ella)',
    correct: 'correcto',
    notYet: 'todavía no',
    afterSolution: 'solución mostrada',
    notJson: 'el archivo no es JSON',
    notResult: 'no es un archivo de resultados de esta página',
    storeRefused: 'el navegador no deja que esta página guarde el recorrido',
    worksheetHeading: 'Hoja de ejercicios',
    keyHeading: 'Solucionario',
    keyTitle: 'solucionario',
    sheetIntro: 'Imprime esta página (la navegación y estas líneas no salen en la impresión).',
    sheetNeedsNames:
      'En esta tarea los números de cada estudiante salen de su nombre o número: escribe los nombres de los estudiantes en la vista del profesor para imprimir una hoja para cada uno.',
    print: 'Imprimir',
    nameLine: 'Nombre: ____________________________',
    sheetLink: 'Los mismos problemas en la página:',
    unknownSetting: 'ajuste desconocido "{key}"',
    longTitle:
      'title: se esperaban como mucho {most, plural, one {# carácter} other {# caracteres}} y se recibieron {got}',
    unknownFamily: 'families: no hay ningún problema de práctica "{id}"',
    badEach: 'each: se esperaba un número entero de 1 a {most} y se recibió "{got}"',
    badSeed: 'seed: se esperaba un número entero de 0 a {most} o "student" y se recibió "{got}"',
    badEdition:
      'edition: se esperaba un número entero de 1 a {latest} (las ediciones del conjunto de problemas que tiene esta página) y se recibió "{got}"',
    badFlag: '{name}: se esperaba 0 o 1 y se recibió "{got}"',
    badPass: 'pass: se esperaba un porcentaje, un número entero de 0 a 100, y se recibió "{got}"',
    badTries: 'tries: se esperaba un número entero de 0 (sin límite) a {most}, y se recibió "{got}"',
    badPenalty: 'penalty: se esperaba un porcentaje, un número entero de 0 a 100, y se recibió "{got}"',
    settingsHeld:
      'Este recorrido conserva la configuración con la que se abrió por primera vez: la dirección que abriste pide otra, que solo aplicaría a un recorrido nuevo.',
    triesRule:
      '{tries, plural, one {Cada problema admite un intento.} other {Cada problema admite como mucho # intentos.}}',
    penaltyRule:
      'Cada intento fallido antes de la respuesta correcta resta el {penalty} % del crédito de ese problema.',
    choiceRule:
      'En un problema de elegir entre opciones, cada intento fallido resta una parte de su crédito (todo, si hay dos opciones), así que adivinar da de media medio problema.',
    unreadable: 'No se puede abrir el enlace de esta tarea: {problems}.',
    as: 'Trabajando como {student}.',
    inLms: 'Trabajando como {name}, en tu curso: puedes salir y volver a donde estabas.',
    lmsWaiting: 'Tu curso recibe tu puntuación y tu respuesta cada vez que compruebas una.',
    lmsSaved: 'Tu curso tiene tu puntuación y tus respuestas hasta las {time}.',
    lmsError: 'error {code}',
    lmsErrorSaid: 'error {code}: {message}',
    lmsRetrying: 'Tu curso no aceptó tu última respuesta ({error}): se vuelve a intentar…',
    lmsRefused:
      'Tu curso no guardó tu última respuesta ({error}). Tu trabajo sigue en esta página: no la cierres y pulsa Reintentar; si sigue fallando, descarga tu archivo de resultados y envíaselo a tu profesor.',
    lmsRetry: 'Reintentar',
    lmsNotConnected:
      'Tu curso abrió esta página pero no se conectó con ella ({error}): nada de lo que hagas aquí llega al libro de calificaciones del curso. Avisa a tu profesor. Puedes seguir trabajando aquí y descargar tu archivo de resultados.',
    lmsUnreadable:
      'Tu curso guarda un recorrido anterior de esta actividad que esta versión de la página no puede leer (lo escribió una versión anterior de la tarea, o está dañado: no se pudo leer {field}). Se deja tal cual, y la puntuación que tiene tu curso ({score} %) no bajará. El curso no guarda tus nuevas respuestas hasta que decidas empezar de nuevo aquí.',
    lmsAfresh: 'Empezar de nuevo en el curso',
    lmsDropped:
      '{n, plural, one {# problema que respondiste ya no está} other {# problemas que respondiste ya no están}} en esta tarea: tu curso conserva la puntuación que tenía ({score} %), y el resto de tus respuestas siguen aquí.',
    problemOf: 'Problema {i} de {n}',
    score:
      '{solved} de {total, plural, one {# resuelto} other {# resueltos}}, {attempts, plural, one {# intento} other {# intentos}}, puntuación {percent} %',
    passMark: 'Nota de aprobado: {pass} %.',
    attemptsOf: '{n, plural, one {# intento} other {# intentos}}',
    resultUnreadable: 'No se puede leer {name}: {problem}.',
    summaryTitle: '{n, plural, one {# archivo de resultados} other {# archivos de resultados}}',
    resultOf: '{student}: {title}',
    aStudent: 'Un estudiante',
    resultTimes: 'Empezado el {started}, guardado el {saved}.',
    disagrees:
      '{n, plural, one {# veredicto del archivo no es} other {# veredictos del archivo no son}} del motor (marcados abajo): el archivo fue modificado',
    badAssignment: 'no se puede leer su tarea: {problems}',
    problemCount: 'debería contener {n, plural, one {# problema} other {# problemas}}',
    notTheProblem: 'el problema {i} no es el de la tarea ({family}, variante {seed})',
    fileTooLarge:
      'el archivo tiene {got, plural, one {# carácter} other {# caracteres}}, más de los {most} que puede tener un archivo de resultados',
    sheetFor: 'Para {student}',
    sheetSeedsClass: 'Los números de la clase: semilla {seed}, {n, plural, one {# problema} other {# problemas}}.',
    sheetSeedsStudent: 'Números generados para «{student}» (semilla {seed}).',
    pageOf: 'página {n} de {m}',
    tooManyStudents:
      'Estas hojas no se pueden imprimir de una vez: se esperaban como mucho {most, plural, one {# estudiante} other {# estudiantes}} y se recibieron {got}. Imprime la clase por partes.',
  },
  examples: {
    4: {
      title: 'Contar los parámetros de la atención',
      steps: {
        count: {
          title: 'Cuatro matrices D × D',
          text: 'W_Q, W_K y W_V llevan D características a D (repartidas en H cabezas de anchura d_h = D/H), y W_O devuelve las cabezas concatenadas a D. Sin sesgos son 4D² = 256 para D = 8.',
        },
        heads: {
          title: 'Más cabezas, la misma cuenta',
          text: 'Repartir D entre más cabezas, más estrechas, cambia la anchura de cada cabeza, no el número total de parámetros.',
        },
        bias: {
          title: 'Los sesgos añaden 4D',
          text: 'Un vector de sesgo de anchura D para cada una de las cuatro proyecciones.',
        },
      },
    },
    5: {
      title: 'Un bloque transformer',
      steps: {
        mix: {
          title: 'La atención mezcla posiciones',
          text: 'Cada fila de una matriz de atención dice cómo una posición reúne información de las demás. Es el único lugar de un bloque donde las posiciones se comunican entre sí.',
        },
        ffn: {
          title: 'La FFN trabaja en cada posición por separado',
          text: 'La misma red de dos capas se aplica a cada fila por separado. La no linealidad importa: dos aplicaciones lineales seguidas se reducirían a una sola.',
          tryIt: 'Edita una fila de X: solo cambia esa fila de FFN(X).',
        },
        layerNorm: {
          title: 'LayerNorm trabaja dentro de un token',
          text: 'Cada fila se desplaza y se escala con su propia media y su propia varianza (sesgada, ε = 1e-5). Todas las filas acaban con media 0; las columnas (cada característica a lo largo de las posiciones), no.',
        },
        prePost: {
          title: 'Pre-norm y post-norm',
          text: 'Pre-norm normaliza la entrada de cada subcapa y suma su salida directamente al flujo residual (nanoGPT); post-norm normaliza después de cada suma residual (el Transformer original). Los mismos parámetros, salidas distintas.',
        },
      },
    },
    6: {
      title: 'La cabeza de vocabulario',
      steps: {
        head: {
          title: 'Pesos compartidos o pesos propios',
          text: 'Tras el último bloque, las D características de cada posición se convierten en V logits. Una cabeza que comparte pesos con el embedding reutiliza su matriz E (logits = h Eᵀ) y no añade parámetros; una cabeza con pesos propios tiene una matriz D × V para ella sola.',
        },
      },
    },
    8: {
      title: 'Las comprobaciones del laboratorio, en directo',
      steps: {
        checks: {
          title: 'Todas las comprobaciones del laboratorio original',
          text: 'El motor de esta página calcula cada distintivo ahora mismo: los números del apunte, las propiedades estructurales y la prueba de dependencia del futuro.',
        },
      },
    },
    2.1: {
      title: 'La recuperación de una consulta',
      steps: {
        setup: {
          title: 'Una consulta, tres claves, tres valores',
          text: 'La consulta q plantea una pregunta; su puntuación frente a la clave k_j mide lo bien que la posición j la responde; cada valor v_j es lo que la posición j entrega.',
          tryIt: 'Todos los números se pueden editar: haz clic en una celda y escribe.',
        },
        scores: {
          title: 'Puntuar cada clave',
          text: 'Cada puntuación es el producto escalar de la consulta con una clave, dividido por √d_k (aquí √2).',
          result: 'Con las claves del apunte, las puntuaciones son ln 2, 0 y 0.',
        },
        exps: {
          title: 'Exponenciar',
          text: 'La exponencial convierte cualquier puntuación en un número positivo y conserva el orden: e^(ln 2) = 2, e^0 = 1. Solo sus cocientes llegan a los pesos, así que restar antes la puntuación mayor no cambia nada, pero mantiene cada exponencial en 1 como mucho: eso es lo que calcula el motor.',
        },
        weights: {
          title: 'Normalizar entre las claves',
          text: 'Dividir cada exponencial por su suma da pesos positivos que suman uno.',
          result: 'Con los números del apunte son [1/2, 1/4, 1/4].',
        },
        output: {
          title: 'Mezclar los valores',
          text: 'La respuesta es la suma ponderada de los valores. Los pesos son positivos y suman uno, así que y es una combinación convexa de los valores: está dentro de la menor figura convexa que los contiene a todos (aquí el triángulo con los tres valores como vértices), aunque no tiene por qué coincidir con ninguno.',
        },
      },
    },
    2.2: {
      title: 'Cómo aprende el enrutamiento',
      steps: {
        compete: {
          title: 'Los pesos compiten por un total fijo',
          text: 'Sean cuales sean las puntuaciones, los pesos siempre suman uno.',
          tryIt: 'Edita las puntuaciones y observa cómo el total se queda en 1.',
        },
        nudge: {
          title: 'Subir una puntuación',
          text: 'Subir la puntuación 0 sube el peso 0 y baja todos los demás, porque comparten el mismo total.',
        },
        gradient: {
          title: 'La derivada dice lo mismo',
          text: 'La componente (i, j) es la rapidez con que se mueve el peso i cuando sube la puntuación j. La diagonal es positiva, todo lo demás negativo, y cada columna suma cero. El entrenamiento sigue estas derivadas desde la pérdida hasta las consultas y las claves; un peso grande no prueba por sí solo que un valor importara para la predicción.',
        },
      },
    },
    3.1: {
      title: 'Por qué dividir por √d_k',
      steps: {
        saturation: {
          title: 'Las puntuaciones grandes saturan el softmax',
          text: 'Sin escalar, las puntuaciones crecen con d_k: con d_k = 64, una diferencia de 8 entre dos puntuaciones, como en [0, 8], es normal.',
          result:
            'El softmax pone entonces casi todo el peso en una clave, y los cambios pequeños en las puntuaciones apenas mueven los pesos.',
        },
        scaled: {
          title: 'Escalar mantiene el softmax sensible',
          text: 'Divide las puntuaciones por √d_k = √64 = 8 antes del softmax.',
          result:
            'Así [0, 8] se convierte en [0, 1], cuyo softmax deja sitio a las dos claves y permite que el aprendizaje mueva los pesos.',
        },
        variance: {
          title: 'De dónde viene el tamaño de las puntuaciones',
          text: 'Para consultas y claves aleatorias con coordenadas independientes de media 0 y varianza σ², un producto escalar de d_k términos tiene varianza d_k σ⁴; tras dividir por √d_k es σ⁴ sea cual sea d_k. El motor genera 4000 pares con semilla para cada d_k: compara las columnas medidas con las previstas.',
        },
      },
    },
    3.2: {
      title: 'Un lote de matrices de atención',
      steps: {
        shapes: {
          title: 'Una forma matricial para todo el lote',
          text: 'Las filas de Q son consultas, las de K y V claves y valores; los elementos del lote ocupan el primer eje. Solo se intercambian los dos últimos ejes de K (transpose(-2, -1)), así que cada elemento del lote obtiene su propia matriz de puntuaciones [T, T].',
        },
        perItem: {
          title: 'Los elementos nunca se mezclan',
          text: 'Cada elemento tiene su propia matriz de atención: las filas son consultas y las columnas, claves.',
          tryIt: 'Editar el elemento 1 no cambia la matriz del elemento 0.',
        },
        sums: {
          title: 'Las filas suman uno; las columnas, no necesariamente',
          text: 'El softmax recorre cada fila, así que cada fila suma uno. Nada restringe las columnas: una clave popular puede reunir más de una unidad de peso, y una clave ignorada mucho menos.',
        },
      },
    },
    4.1: {
      title: 'Dos cabezas, una consulta',
      steps: {
        head1: {
          title: 'La cabeza 1 mira sobre todo a la posición 0',
          text: 'Las puntuaciones [ln 8, 0, 0] dan los pesos [0.8, 0.1, 0.1], y los valores se mezclan en [2, 0.6].',
        },
        head2: {
          title: 'La cabeza 2 mira sobre todo a la posición 1',
          text: 'Los mismos valores leídos con los pesos [0.1, 0.8, 0.1] dan [0.6, 2]: otro enrutamiento, otra respuesta.',
        },
        concat: {
          title: 'Concatenar y luego mezclar con W_O',
          text: 'Poner las salidas de las dos cabezas una al lado de la otra conserva ambas. Con W_O = I no cambia nada; una W_O aprendida puede combinar las características.',
          tryIt: 'Edita W_O para probarlo.',
          result: 'Aquí eso da [2, 0.6 | 0.6, 2].',
        },
        average: {
          title: 'Promediar perdería un enrutamiento',
          text: 'El promedio de las dos cabezas da [1.3, 1.3] y ya no se pueden distinguir las dos decisiones. Las dos cabezas siguen poniendo algo de peso en la posición 2: las puntuaciones finitas nunca dan exactamente cero.',
        },
      },
    },
    4.2: {
      title: 'La proyección fusionada',
      steps: {
        fuse: {
          title: 'Una sola multiplicación para Q, K y V',
          text: 'Colocar W_Q, W_K y W_V una junto a otra forma una matriz D × 3D; un solo producto X W_QKV calcula las tres proyecciones a la vez.',
        },
        split: {
          title: 'Dividir, cambiar la forma, transponer',
          text: 'Las 3D columnas se dividen en tres grupos de D; cada uno toma la forma [B, T, H, d_h] y se transpone a [B, H, T, d_h], de modo que cada cabeza se convierte en su propio lote de atención.',
          tryIt: 'Cambia H y observa las formas.',
        },
        same: {
          title: 'Los mismos números que con proyecciones separadas',
          text: 'Fusionar es una forma de organizar la aritmética; no cambia el resultado, y no hace que Q, K y V sean iguales.',
        },
        cost: {
          title: 'Memoria frente a aritmética',
          text: 'Guardar los pesos de todas las cabezas cuesta B·H·T² números, mientras que los productos de puntuaciones y de valores cuestan unas B·T²·D multiplicaciones-sumas sea cual sea H: más cabezas, más memoria, la misma aritmética.',
        },
      },
    },
    6.1: {
      title: 'Orden y posiciones',
      steps: {
        swap: {
          title: 'Sin posiciones, intercambiar entradas intercambia salidas',
          text: 'Sin información de posición y sin máscara, intercambiar los tokens 0 y 2 solo intercambia las filas 0 y 2 de la salida: el modelo es equivariante, no invariante. No puede saber qué token vino primero.',
        },
        positions: {
          title: 'Añadir posiciones rompe la simetría',
          text: 'Sumar un vector de posición a cada embedding hace que el mismo token parta de un vector distinto en un lugar distinto, así que intercambiar tokens ya no solo intercambia las salidas. Las tablas aprendidas añaden T_max·D parámetros; las sinusoidales, ninguno.',
        },
        sinusoid: {
          title: 'La tabla sinusoidal',
          text: 'Cada par de características (2i, 2i+1) es un seno y un coseno de la posición con su propia frecuencia, de rápida a la izquierda a muy lenta a la derecha.',
        },
      },
    },
    7.1: {
      title: 'Generación, token a token',
      steps: {
        greedy: {
          title: 'Voraz: tomar el logit mayor',
          text: 'Para el siguiente token solo importan los logits de la última posición real; la decodificación voraz toma el token con el logit mayor.',
          result: 'Tras A B C, el logit mayor del modelo de juguete es el de A.',
        },
        sample: {
          title: 'Muestreo reproducible a mano',
          text: 'Divide los logits por la temperatura, aplica softmax y suma las probabilidades una a una. El generador con semilla saca un número u en [0, 1); el token elegido es el primero cuya suma acumulada supera u. Misma semilla, mismos tokens. Para que la secuencia pueda pasar de tres tokens, este paso (y el siguiente) usa una copia del modelo de juguete con posiciones sinusoidales en lugar de su tabla de posiciones de tres filas.',
        },
        prefix: {
          title: 'Añadir un token nunca cambia las filas anteriores',
          text: 'En un modelo causal, la posición i solo ve las posiciones 0..i, así que añadir un token deja los logits de cada fila anterior exactamente como estaban. El bucle, hasta ahora, los recalcula todos de todos modos; el paso siguiente los conserva.',
        },
        cache: {
          title: 'Guardar las claves y los valores (apunte n.º 12)',
          text: 'Como las posiciones anteriores nunca cambian, sus claves y sus valores se pueden guardar de un paso al siguiente. Un token nuevo solo necesita entonces su propia fila de cada producto, y su consulta lee las claves y los valores guardados. El motor hace la misma generación de las dos maneras: los tokens y las probabilidades coinciden bit a bit, mientras que el coste de un paso deja de crecer con el cuadrado de la longitud. El precio es la memoria: una clave y un valor por cabeza, bloque y posición, L · T · H (d_k + d_v) números para una secuencia, es decir, 2 · L · T · D cuando claves y valores tienen anchura D (este modelo de juguete tiene d_k = 1 y d_v = 2).',
        },
      },
    },
    7.2: {
      title: 'Forzado del profesor (teacher forcing)',
      steps: {
        table: {
          title: 'Entradas y objetivos',
          text: 'Los objetivos son las entradas desplazadas un lugar a la izquierda: la salida en la posición i se evalúa con el token en i + 1. Las posiciones se cuentan desde cero.',
        },
        losses: {
          title: 'Todas las posiciones evaluadas a la vez',
          text: 'Como en el entrenamiento se conocen todos los objetivos, todas las posiciones se evalúan en una sola pasada, y la pérdida es la media de −log p_i(objetivo) en nats.',
        },
      },
    },
    7.3: {
      title: 'Por qué la máscara debe estar en cada bloque',
      steps: {
        mask: {
          title: 'Dos maneras de escribir la misma máscara',
          text: 'Una matriz de permisos dice dónde se permite la atención (tril: j ≤ i). La matriz aditiva equivalente vale 0 donde se permite y −∞ donde no (las componentes de triu(ones, 1)), y se suma a las puntuaciones antes del softmax. Cambia entre las dos vistas.',
        },
        unmasked: {
          title: 'Sin la máscara, la respuesta está al lado',
          text: 'Sin máscara, la consulta en la posición i puede leer la posición i + 1, que es justo su propio objetivo: un atajo que la generación nunca tendrá.',
        },
        dependence: {
          title: 'Qué salidas dependen de tokens posteriores',
          text: 'El motor cambia los tokens de uno en uno y mide cuánto se mueve cada salida. Con máscara en todos los bloques, nada se mueve por encima de la diagonal. Con máscara solo en el último bloque, el primer bloque ya ha copiado tokens posteriores en filas anteriores, así que la fuga sobrevive.',
        },
      },
    },
    7.4: {
      title: 'Una secuencia, de los embeddings a la pérdida',
      steps: {
        embed: {
          title: 'Embeddings de los tokens más las posiciones',
          text: 'La secuencia A B C A da las entradas A B C en las posiciones 0, 1, 2 y los objetivos B C A. Cada fila de entrada es el embedding de su token más el vector de su posición.',
        },
        project: {
          title: 'Proyectar en consultas, claves y valores',
          text: 'Con d_k = 1 la escala es 1. W_V = I, así que V = X.',
        },
        attend: {
          title: 'Atender al prefijo',
          text: 'Existen las nueve puntuaciones, pero la máscara impide que la fila i vea claves posteriores a i.',
          result:
            'Las exponenciales de la fila 2 son [2, 1, 2], así que sus pesos son [2/5, 1/5, 2/5] y recupera [0.8, 0.6].',
        },
        ffn: {
          title: 'Residual y red feed-forward',
          text: 'U no es negativa, así que ReLU(U) = U y la FFN devuelve U/2; el segundo residual da H = 1.5 U.',
        },
        loss: {
          title: 'Logits, probabilidades y la pérdida',
          text: 'La cabeza lleva cada fila [h0, h1] a [h0, h1, −h0 − h1]. El softmax recorre ahora el vocabulario, y cada fila i paga −log de la probabilidad de su objetivo t_i.',
          result: 'La media es de unos 3.02041 nats; la fila 2 sola predeciría A.',
        },
      },
    },
    8.1: {
      title: 'Nombrar los ejes con einsum',
      steps: {
        scores: {
          title: 'Puntuaciones: sumar sobre el eje de características compartido',
          text: 'En "bid,bjd->bij", b es el lote, i una posición de consulta, j una posición de clave y d una característica. d aparece en las dos entradas pero no en la salida, así que se suma: cada puntuación es un producto escalar.',
        },
        values: {
          title: 'Salidas: sumar sobre el eje de claves',
          text: 'En "bij,bje->bie" la posición de clave j es compartida y desaparece al sumar: cada fila de salida mezcla las filas de valores con los pesos de esa consulta.',
          tryIt: 'Cambia B, T y d y sigue las formas.',
        },
      },
    },
    9.1: {
      title: 'CausalSelfAttention de nanoGPT',
      steps: {
        names: {
          title: 'B, T, C, nh, hs',
          text: 'nanoGPT llama B al lote, T a la longitud de la secuencia y C a la anchura del modelo (nuestra D); nh es el número de cabezas (nuestra H) y hs = C // nh la anchura de una cabeza (nuestra d_h). Cada paso de abajo es una línea de CausalSelfAttention.forward, ejecutada por el motor sobre esta x. Las líneas se citan de model.py de nanoGPT (© 2022 Andrej Karpathy, licencia MIT); el dropout está desactivado.',
          tryIt: 'Cambia B, T, C o nh, escribe en x o cambia bias, y sigue las formas paso a paso.',
        },
        split: {
          title: 'Una sola proyección para q, k y v',
          text: 'c_attn es una única capa lineal de C a 3·C características: las tres proyecciones del §4.2 una junto a otra. split(n_embd, dim=2) corta su salida en tres trozos [B, T, C]: q, luego k, luego v.',
        },
        heads: {
          title: 'Un eje propio para cada cabeza',
          text: 'view(B, T, nh, hs) lee el último eje como nh grupos de hs características; transpose(1, 2) pone el eje de cabezas delante de T, así que cada cabeza se convierte en su propia matriz [T, hs]. La cabeza h contiene las columnas h·hs … (h+1)·hs − 1 de q.',
        },
        att: {
          title: 'Puntuaciones para todas las cabezas a la vez',
          text: 'k.transpose(-2, -1) intercambia los dos últimos ejes de k, así que q @ kᵀ hace el producto escalar de cada fila de consulta con cada fila de clave; el factor 1/√hs es el escalado del §3.1 con d_k = hs.',
          result: 'Eso da una matriz [T, T] de puntuaciones para cada secuencia y cada cabeza.',
        },
        mask: {
          title: 'La máscara causal',
          text: 'self.bias es una matriz triangular inferior de unos registrada al construir el módulo; toda puntuación donde vale 0, una clave posterior a su consulta, pasa a −∞, así que el softmax le da peso 0 (§7.3).',
        },
        softmax: {
          title: 'Pesos',
          text: 'El softmax recorre el último eje, el de las claves: cada fila de cada cabeza suma 1, y las componentes −∞ son exactamente 0.',
        },
        y: {
          title: 'La salida de cada cabeza',
          text: 'att @ v mezcla las filas de valores de cada cabeza con los pesos de esa cabeza: [T, T] por [T, hs] da [T, hs] por secuencia y cabeza.',
        },
        assemble: {
          title: 'Volver a poner las cabezas una al lado de otra',
          text: 'transpose(1, 2) vuelve a poner T delante del eje de cabezas; contiguous() copia los números en ese orden para que view(B, T, C) pueda unir las salidas de las nh cabezas en C características por posición: la concatenación del §4.',
        },
        proj: {
          title: 'La proyección de salida',
          text: 'c_proj es W_O: una capa lineal C → C que mezcla las características unidas de las cabezas. Su salida tiene la forma de x, lista para sumarse de nuevo al flujo residual.',
        },
      },
    },
    9.2: {
      title: 'Block de nanoGPT',
      steps: {
        forward: {
          title: 'Block.forward es pre-norm',
          text: 'Cada subcapa lee una copia normalizada de x y suma su resultado a la propia x: es la posición de la norma que el §5.1 llama pre-norm. La misma x y los mismos pesos que en el §9.1; aquí ln_1 va primero. Las líneas se citan de model.py de nanoGPT (© 2022 Andrej Karpathy, licencia MIT).',
          tryIt: 'Pon bias en False: LayerNorm pierde beta y cada capa lineal su sesgo, y la cuenta cambia.',
        },
        ln1: {
          title: 'ln_1',
          text: 'LayerNorm trabaja en cada posición por separado: resta la media de la fila, divide por su desviación típica y luego aplica gamma (y beta con bias=True). nanoGPT empieza con gamma en 1 y beta en 0, como aquí.',
        },
        attn: {
          title: 'Atención y luego el residual',
          text: 'self.attn es la CausalSelfAttention del §9.1, que ahora lee ln_1(x). Su salida se suma a x, no a ln_1(x): el camino residual lleva x sin cambios.',
        },
        ln2: {
          title: 'ln_2',
          text: 'Una segunda LayerNorm, con sus propios parámetros, normaliza la nueva x antes del MLP.',
        },
        mlp: {
          title: 'El MLP: hasta 4·C y vuelta',
          text: 'c_fc ensancha cada posición a 4·C características, GELU curva cada característica y c_proj estrecha de vuelta a C. Igual que LayerNorm, trata cada posición por separado: solo la atención mezcla posiciones.',
        },
        out: {
          title: 'La salida del bloque',
          text: 'La salida del MLP se suma a x. El bloque devuelve un tensor con la forma de x, así que los bloques se apilan: nanoGPT aplica n_layer de ellos y después ln_f y lm_head.',
        },
      },
    },
    9.3: {
      title: 'Las variantes del tutorial',
      steps: {
        heads: {
          title: 'Cabezas con sus propios pesos',
          text: 'El tutorial del curso guarda una lista de cabezas, cada una un pequeño módulo de atención con sus propias W_Q^h, W_K^h y W_V^h de anchura d_h = D / H, las ejecuta una a una y une sus salidas a lo largo del eje de características. Cada matriz de aquí es la salida de una cabeza calculada por separado por el motor (causal, como en el modelo de lenguaje del tutorial).',
          tryIt: 'Cambia H o una celda de X: la salida de cada cabeza y su concatenación cambian con ellas.',
        },
        fused: {
          title: 'Lo mismo con una sola proyección',
          text: 'Coloca los pesos de las cabezas uno al lado de otro, primero las columnas de la cabeza 0, y un solo producto de matrices calcula las consultas de todas las cabezas a la vez; la atención multicabeza lee entonces la cabeza h del bloque de columnas h. En el orden de las cabezas, los dos cálculos coinciden hasta el último dígito. La igualdad necesita ese orden: intercambia dos cabezas, o intercala sus columnas, y la capa fusionada calcula otras cabezas, o las mismas en otro orden.',
          tryIt: 'Elige otro orden de columnas y observa la diferencia.',
        },
        norms: {
          title: 'RMSNorm frente a LayerNorm',
          text: 'Las dos trabajan fila a fila. LayerNorm primero resta la media de la fila y luego divide por su desviación típica; RMSNorm se salta la resta y divide por la raíz cuadrática media de la propia fila. Por eso las filas de LayerNorm siempre tienen media 0, y las de RMSNorm conservan el signo de la media de la fila; para una fila cuya media ya es 0, las dos coinciden (salvo el pequeño ε).',
          tryIt: 'Haz que una fila de X sume 0 y compara esa fila.',
        },
        gated: {
          title: 'Una FFN con compuerta',
          text: 'La FFN simple ensancha cada posición con W_1, aplica la activación y estrecha de vuelta con W_2. La FFN con compuerta calcula una segunda aplicación D → D_ff, las compuertas x W_g, y la multiplica característica a característica por las características activadas antes de W_2 (aquí SiLU). Esa tercera matriz cuesta D · D_ff parámetros más: tres aplicaciones en lugar de dos.',
        },
        block: {
          title: 'Un bloque con las tres',
          text: 'El bloque del tutorial: pre-norm, con RMSNorm antes de cada subcapa, la atención de las cabezas (aquí fusionada, y la comprobación del §9.3 muestra que eso no cambia nada) y la FFN con compuerta. Las formas son las del bloque del §5; solo cambia el número de parámetros.',
        },
      },
    },
    9.4: {
      title: 'El codificador–decodificador',
      steps: {
        modules: {
          title: 'Los módulos compartidos',
          text: 'Las dos pilas se montan con tres piezas: atención multicabeza, la FFN por posición y LayerNorm. Un bloque codificador usa una atención; un bloque decodificador usa dos (sus propias posiciones y luego la memoria) y una norma más. Las cuentas son del motor, para las capas de PyTorch con sus sesgos, así que coinciden con nn.TransformerEncoderLayer y nn.TransformerDecoderLayer.',
          tryIt:
            'Cambia H: las cuentas no se mueven, porque las cabezas se reparten D en lugar de sumarse a ella (§4).',
        },
        worksheet: {
          title: 'Completa el plan de construcción',
          text: 'Antes de que el paso siguiente muestre el plan, escríbelo tú: para cada módulo, las formas de lo que leen sus consultas, de lo que leen sus claves y valores, de sus pesos y de su salida, y qué máscara necesita. Una secuencia por cada lado, así que B = 1, y D = 4. El motor comprueba cada celda y nombra las conexiones erróneas habituales.',
          tryIt:
            'Tus respuestas se quedan cuando cambias T_dec, T_enc o H; vuelve a comprobar para ver cuáles siguen valiendo.',
        },
        plan: {
          title: 'El plan de construcción',
          text: 'Tres módulos hechos con las mismas piezas. El bloque del codificador deja que cada posición de la fuente lea todas las demás; su salida, la memoria, se calcula una sola vez. El bloque del decodificador primero atiende entre las posiciones objetivo con la máscara causal, luego atiende desde cada posición objetivo a la memoria y después aplica la FFN. La tabla da las formas de cada módulo, tal como las devuelve el motor.',
          tryIt: 'Cambia T_dec y T_enc: solo la atención cruzada mezcla las dos longitudes.',
        },
        encoder: {
          title: 'El codificador produce la memoria',
          text: 'Un bloque codificador es el bloque del §5 con la máscara desactivada: en el lado de la fuente no hay orden de generación, así que cada posición puede leerlas todas.',
        },
        self: {
          title: 'Autoatención enmascarada en el decodificador',
          text: 'El decodificador genera sus posiciones de una en una, así que entre ellas mantienen la máscara causal: la fila i solo tiene peso en las posiciones objetivo 0..i.',
        },
        cross: {
          title: 'La atención cruzada lee la memoria',
          text: 'Las consultas vienen del decodificador y las claves y los valores de la memoria, así que los pesos tienen una fila por posición objetivo y una columna por posición de la fuente: [B, H, T_dec, T_enc]. Aquí no hay máscara: toda la fuente se conoce antes de empezar a decodificar.',
        },
        output: {
          title: 'La FFN y la salida del bloque',
          text: 'La FFN trabaja en cada posición objetivo por separado, y cada una de las tres subcapas suma su resultado al flujo residual y se normaliza. La salida conserva la forma del decodificador, lista para el siguiente bloque decodificador o para la cabeza de vocabulario.',
        },
      },
    },
  },
  inputs: {
    empty: 'una celda vacía',
    expected: 'se esperaba {what} y se recibió {received}',
    unreadable: '{expected}, que no se pudo leer: {error}',
    what: {
      token: 'un id de token{bounds}',
      integer: 'un número entero{bounds}',
      number: 'un número{bounds}',
      any: 'un número como 0.5, 1/2 o ln 2 (con punto decimal)',
    },
    bounds: {
      range: ' de {min} a {max}',
      atLeast: ' de al menos {min}',
      atMost: ' de como mucho {max}',
    },
    expectedChoice: 'se esperaba una de las opciones del menú ({choices}) y se recibió {received}',
    expectedAxes:
      'se esperaba {axes, plural, =1 {una lista de números} other {un array con # ejes}} y se recibió {received}',
    expectedLength: 'se esperaban de 1 a {max, plural, one {# componente} other {# componentes}} y se recibieron {n}',
    named: 'entrada "{name}": {error}',
  },
  labels: {
    // names of the parts of a displayed formula, outside the typeset maths
    formula: { tiedHead: 'cabeza con pesos compartidos', preNorm: 'pre-norm', postNorm: 'post-norm' },
    tutorial: {
      codeFrom: 'el tutorial del curso',
      cat: 'torch.cat de las cabezas',
      order: 'columnas fusionadas',
      inOrder: 'primero la cabeza 0 (los bloques de columnas)',
      swapped: 'cabezas en orden inverso',
      interleaved: 'columnas de las cabezas intercaladas',
      fusedQ: 'W_Q fusionada',
      fusedOut: 'atención multicabeza con los pesos fusionados',
      broken:
        'Los pesos fusionados ya no ponen la cabeza h en el bloque de columnas h, así que las cabezas de la capa fusionada no son las del tutorial.',
      plainOut: 'FFN(X) simple',
      gatedHidden: 'SiLU(X W_1) ⊙ X W_g',
      gatedOut: 'FFN(X) con compuerta',
      plainCount: 'parámetros de la FFN simple (2 · D · D_ff)',
      gatedCount: 'parámetros de la FFN con compuerta (3 · D · D_ff)',
      blockWeights: 'pesos de atención (cabeza 0)',
      blockCount: 'parámetros del bloque',
      head: 'la cabeza {h} por separado',
      column: 'h{h}·{c}',
      rowMeans: 'medias por fila de {what}',
    },
    nanogpt: {
      predictAtt: 'la forma de att = q @ k.transpose(-2, -1) / √hs',
      attMatrices: 'att, cabeza a cabeza',
      headsShape: 'q, k, v por cabeza',
      headColumnsLabel: 'q[b, h] contiene',
      blockParams: 'parámetros de un bloque',
      headColumns: 'las columnas h·{hs} a h·{hs} + {last} de q[b]',
    },
    encdec: {
      predictCross: 'la forma de los pesos de la atención cruzada, con el eje del lote primero',
      plan: 'el plan de construcción',
      arrangement: 'posición de la norma',
      post: 'post-norm (la opción por defecto de PyTorch)',
      pre: 'pre-norm (norm_first)',
      queries: 'entrada (consultas de)',
      keysValues: 'claves y valores de',
      weights: 'pesos',
      output: 'salida',
      mask: 'máscara',
      encoderSelf: 'autoatención del codificador',
      decoderSelf: 'autoatención del decodificador',
      cross: 'atención cruzada',
      ffnRow: 'FFN del decodificador',
      noMask: 'ninguna',
      causalMask: 'causal',
      source: 'filas de la fuente S',
      target: 'filas objetivo X',
      memory: 'memoria M',
      encoderWeights: 'pesos del codificador (cabeza 0)',
      selfWeights: 'pesos de la autoatención del decodificador (cabeza 0)',
      crossQ: 'consultas (del decodificador)',
      crossK: 'claves (de la memoria)',
      crossWeights: 'pesos de la atención cruzada (cabeza 0)',
      crossShape: 'pesos de la atención cruzada',
      selfShape: 'pesos de la autoatención',
      outputShape: 'salida',
      worksheet: 'el plan de construcción, para completar',
      layers: 'bloques por pila N',
      vocab: 'tamaño del vocabulario V',
      madeOf: 'compuesto de',
      parameters: 'parámetros',
      attention: 'atención multicabeza',
      attentionParts: 'W_Q, W_K, W_V, W_O (4 · D²) y sus sesgos (4 · D)',
      ffnParts: 'W_1 (D · D_ff), W_2 (D_ff · D) y sus sesgos (D_ff + D)',
      norm: 'LayerNorm',
      normParts: 'γ y β (2 · D)',
      encoderBlock: 'bloque codificador',
      encoderParts: 'atención, FFN, 2 LayerNorm',
      decoderBlock: 'bloque decodificador',
      decoderParts: 'autoatención, atención cruzada, FFN, 3 LayerNorm',
      embedding: 'embedding compartido',
      finalNorms: 'normas finales',
      finalNormParts: 'una LayerNorm después de cada pila',
      ffn: 'FFN, D → {F} → D',
      embeddingParts: 'V · D = {V, number} · {D}, también la cabeza de salida (pesos compartidos)',
      modules: 'los módulos con D = {D}',
      stack: 'el modelo completo, N + N bloques con N = {N}',
    },
    columnSums: 'sumas por columna',
    breakdown: { W_Q: 'W_Q', W_K: 'W_K', W_V: 'W_V', W_O: 'W_O', 'attention.bias': 'sesgos de la atención' },
    negLogTarget: '−log p_i(objetivo)',
    temperature: 'temperatura τ',
    seed: 'semilla',
    variance: 'varianza',
    rowSums: 'sumas por fila',
    scoresShape: 'puntuaciones',
    total: 'total',
    counts: 'número de parámetros',
    parameters: 'parámetros',
    biases: 'sesgos',
    noBiases: 'sin sesgos',
    withBiases: 'con sesgos',
    averagingMap: 'aplicación de promedio',
    averageOfHeads: 'promedio de las cabezas',
    concatenation: 'concatenación',
    weightOnPosition2: 'peso en la posición 2 (cabeza 1, cabeza 2)',
    headsAfterTranspose: 'cabezas (tras transponer)',
    weights: 'pesos',
    fused: 'fusionada',
    separate: 'separadas',
    largestDifference: 'mayor diferencia',
    cost: 'coste',
    storedWeights: 'pesos guardados',
    multiplyAdds: 'multiplicaciones-sumas',
    tokenMean: 'media de cada token (fila)',
    tokenVariance: 'varianza de cada token (fila)',
    featureMean: 'media de cada característica (columna)',
    preNormY: 'Y pre-norm',
    preNormTitle: 'pre-norm (nanoGPT)',
    postNormY: 'Y post-norm',
    postNormTitle: 'post-norm (Transformer original)',
    vocabularySize: 'V (vocabulario)',
    tiedModel: 'modelo con pesos compartidos',
    untiedModel: 'modelo con pesos propios',
    untiedHead: 'cabeza con pesos propios W_vocab',
    positions: 'posiciones',
    learnedTable: 'tabla aprendida',
    sinusoidal: 'sinusoidal',
    noPositions: 'ninguna',
    peCaption: 'PE (filas: posiciones, columnas: características)',
    lastLogits: 'logits en la última posición',
    greedyNext: 'siguiente token voraz',
    stepsAtMost: 'pasos como mucho',
    stopAfter: 'parar tras',
    noStopToken: 'sin token de parada',
    probabilities: 'probabilidades',
    cumulative: 'acumulada',
    token: 'token',
    draws: 'extracciones',
    sequence: 'secuencia',
    stopped: 'parada',
    atStopToken: 'en el token de parada',
    atStepBound: 'en el límite de pasos',
    logitsBefore: 'logits antes de añadir',
    earlierUnchanged: 'filas anteriores sin cambios',
    cacheTable: 'cada paso de la generación muestreada, recalculado y con caché',
    cachedPositions: 'posiciones guardadas en la caché',
    cachedNumbers: 'números en la caché, L T H (d_k + d_v)',
    naiveCost: 'multiplicaciones-sumas, recalculando el prefijo',
    cachedCost: 'multiplicaciones-sumas, con la caché',
    sameWithCache: 'los tokens y las probabilidades con caché son iguales a los recalculados',
    totalMultiplyAdds: 'multiplicaciones-sumas de toda la generación',
    bitForBit: 'sí, bit a bit',
    changed: 'no',
    tokenIds: 'ids de token',
    input: 'entrada',
    target: 'objetivo',
    positionCaption: 'posición',
    meanLoss: 'pérdida media (nats)',
    showMaskAs: 'mostrar la máscara como',
    keepMatrix: 'una matriz de permisos (true = puede atender)',
    additiveMatrix: 'una matriz aditiva (0 o −∞)',
    keepCaption: 'matriz de permisos: 1 = true (puede atender), 0 = false',
    additiveCaption: 'máscara aditiva: 0 donde se conserva, −∞ donde se enmascara (= triu(ones, 1) × −∞)',
    tokens: 'tokens',
    unmaskedWeights: 'A sin la máscara',
    logitsZ: 'logits z',
    greedyAfterInputs: 'siguiente token voraz tras las entradas',
    value: 'valor',
    modelWidth: 'anchura del modelo',
    headCount: 'cabezas',
    headWidth: 'anchura de cabeza',
    names: 'nombres',
    targetCell: 'recuadrado: el peso que una consulta pone en su propio objetivo, el token siguiente',
    masks: {
      every: 'máscara en todos los bloques',
      last: 'máscara solo en el último bloque',
      none: 'sin máscara',
    },
    readsFuture: 'una salida depende de un token posterior',
    noFuture: 'ninguna salida depende de un token posterior',
    gap: 'diferencia',
    predict: {
      scores: 'las puntuaciones escaladas s',
      exps: 'las exponenciales',
      weights: 'los pesos a',
      output: 'la salida y',
      raw: 'softmax(s) sin escalar',
      scaled: 'los pesos tras escalar',
      concat: 'las cabezas concatenadas',
      greedy: 'el siguiente token voraz',
      loss: 'la pérdida media en nats',
      attnRow2: 'la fila 2 de la salida de la atención',
    },
    logits: 'logits',
    logitsSwapped: 'logits, filas 0 y 2 intercambiadas',
    prompt: 'prompt',
    handout: 'apunte',
    checks: {
      retrieval: 'la recuperación da [2, 1.5]',
      twoHeads: 'dos cabezas dan [2, 0.6] y [0.6, 2]',
      loss: '§7.4 pérdida media 3.02041 nats',
      rowSums: 'las filas de la atención suman uno',
      shapes: 'los pesos tienen la forma [B, H, T, T]',
      fused: 'la proyección fusionada es igual a las proyecciones separadas',
      equivariant: 'sin posiciones ni máscara: equivariante por permutaciones',
      everyBlock: 'máscara en todos los bloques: no depende del futuro',
      unmasked: 'sin máscara: las salidas dependen de tokens posteriores',
      lastBlock: 'máscara solo en el último bloque: sigue dependiendo de tokens posteriores',
    },
    expTooLarge:
      'No se muestra exp(s): una puntuación mayor que unos 709.78 tiene una exponencial mayor que el mayor número que cabe en un double (unos 1.8 × 10^308). Los pesos no se ven afectados: salen de las exponenciales desplazadas, que nunca pasan de 1. (El motor: {why})',
    totalCost: '{naive} recalculando, {cached} con caché',
    batchItem: 'A[{b}] (elemento {b})',
    headScores: 's (cabeza {n})',
    headWeights: 'a (cabeza {n})',
    head: 'cabeza {n}',
    headOutput: 'salida de la cabeza {h}',
    headAttention: 'A (cabeza {h})',
    position: 'pos {i}',
    row0: '{name}[0]',
    step: 'paso {i}',
    logitsAfter: 'logits tras añadir {token} (las mismas filas)',
    weightOnTarget: 'peso de la fila {i} en su objetivo (posición {next})',
    dependence: 'dependencia ({title})',
    dependenceCaption: '{title}: cuánto cambia la salida i cuando cambia el token j',
    out: 'salida {i}',
    tok: 'tok {j}',
    targetNamed: 'objetivo {name}',
    largestError: 'mayor error {e}',
  },
  opened: {
    title: 'Abrir un modelo',
    tocSection: 'Laboratorio',
    loading: 'Cargando el panel de modelos…',
    notLoaded:
      'No se pudo cargar el panel de modelos. Recarga la página para volver a intentarlo. Lo que dijo el navegador:',
    intro:
      'Abre un GPT que hayas entrenado con nanoGPT (o un checkpoint de GPT-2) y míralo por dentro con las herramientas del apunte: la atención de cada cabeza, la distribución del siguiente token, cómo elige un token el muestreo y si el modelo puede leer el futuro. El motor lee el archivo en esta pestaña del navegador y nunca lo envía a ningún sitio.',
    onPageThread:
      'Esta copia de la página no puede lanzar un worker en segundo plano (se abrió desde un archivo), así que el modelo se ejecuta en el hilo de la página y abre archivos de hasta {most} MB: uno mayor detendría la página varios segundos mientras se lee. Abre los modelos mayores desde el sitio (npm start, o cualquier servidor estático), donde un worker los lee.',
    tooLargeHere:
      'el archivo tiene {got, number} MB, y esta copia de la página, que ejecuta los modelos en su propio hilo, abre archivos de hasta {most} MB; ábrelo desde el sitio (npm start, o cualquier servidor estático), donde un worker lo lee',
    file: 'Checkpoint (.safetensors)',
    fileHelp: 'El state_dict de nanoGPT guardado con safetensors (cómo: abajo), o un archivo GPT-2 de Hugging Face.',
    howToSummary: 'Cómo escribir estos archivos desde nanoGPT',
    howToCheckpoint:
      'En Python, con el modelo entrenado por nanoGPT (se omiten los buffers de la máscara y se copia la cabeza, que comparte pesos con el embedding, porque safetensors rechaza un tensor guardado dos veces):',
    howToVocabulary: 'El vocabulario de un modelo de caracteres (data/…/meta.pkl de nanoGPT) como JSON:',
    howToNames:
      'Un modelo cuyos tensores tienen otros nombres se abre con un mapa de nombres en Otros ajustes: cada nombre del archivo (a la izquierda), con {layer} y {head} para los números, se lee como el de nanoGPT (a la derecha). Por ejemplo:',
    vocabulary: 'Vocabulario (opcional)',
    vocabularyHelp:
      'Para un modelo de caracteres: el meta.pkl de nanoGPT escrito como JSON, una lista JSON de caracteres o un archivo de texto con ellos (o el propio texto de entrenamiento). Sin vocabulario, escribe ids de token.',
    heads: 'Cabezas (n_head), si el archivo no lo dice',
    options: 'Otros ajustes (JSON, opcional)',
    optionsHelp:
      'Lo que el archivo no puede decir, tal como lo recibe lab.loadCheckpoint (un mapa de nombres: arriba, en Cómo escribir estos archivos). Para el modelo del tutorial del curso:',
    open: 'Abrir',
    refused: 'Este archivo no se abrió:',
    chooseFile: 'elige primero un archivo .safetensors',
    kept: 'El modelo que estaba abierto sigue abierto.',
    noModel: 'Todavía no hay ningún modelo abierto.',
    about: 'El modelo',
    parameters: 'Parámetros',
    configRows: {
      layers: 'Bloques (n_layer)',
      heads: 'Cabezas por bloque (n_head)',
      D: 'Anchura D (n_embd)',
      T: 'Contexto T (block_size)',
      vocab: 'Vocabulario V (vocab_size)',
      bias: 'Sesgos',
      activation: 'Activación',
      ffnMult: 'Anchura de la FFN (× D; 0: solo atención)',
      positions: 'Posiciones',
    },
    vocabFrom: {
      trained: 'los tokens con los que se entrenó en «Entrenar un modelo»',
      json: 'leído del archivo JSON',
      characters: 'los caracteres del archivo',
      text: 'los caracteres distintos del texto',
    },
    idsOnly: 'Sin vocabulario: escribe el prompt como ids de token separados por espacios, por ejemplo 12 5 40.',
    gpt2Loading: 'Cargando el tokenizador de GPT-2…',
    gpt2NotInFile:
      'El tokenizador de GPT-2 no forma parte del archivo único sin conexión (doblaría su tamaño); abre el sitio (npm start) para escribir texto, o escribe aquí ids de token',
    prompt: 'Prompt',
    promptHelpChars: 'Pulsa Intro para verlo; Mayús+Intro empieza una línea nueva.',
    promptHelpIds: 'Ids de token separados por espacios; pulsa Intro para verlo.',
    emptyPrompt: 'el prompt está vacío',
    promptRefused: 'Este prompt no se usó:',
    promptKept: 'Se sigue mostrando el último prompt.',
    settingRefused: 'No se ejecutó:',
    attention: 'Atención (§2.1)',
    block: 'Bloque',
    next: 'Siguiente token (§7.1)',
    intervene: 'Intervenciones (§2.2)',
    hide: 'Ocultar posiciones:',
    token: 'Token',
    before: 'Tal como es',
    after: 'Con intervención',
    generate: 'Generar (§7.1)',
    steps: 'Tokens nuevos',
    temperature: 'Temperatura (0 = voraz)',
    seed: 'Semilla',
    run: 'Generar',
    checking: 'Haciendo las comprobaciones: cuatro pasadas del modelo…',
    drawsHelp:
      'Cómo se sacó cada token nuevo: u es uniforme en [0, 1), y el token es aquel cuyo tramo [desde, hasta) de las sumas acumuladas de las probabilidades, tomadas en orden de id, contiene u. La opción voraz no saca nada: toma el token más probable.',
    drawsCaption: 'Las extracciones, una por token nuevo',
    drawCols: ['Paso', 'Token', 'Probabilidad', 'Desde', 'Hasta', 'u'],
    greedy: 'voraz',
    headsTitle: 'Qué hace cada cabeza (§2.2, §4)',
    headsIntro:
      'El motor pasa el modelo por una secuencia aleatoria de sus propios tokens que se repite: un tramo de tokens y luego el mismo tramo otra vez. En la repetición, una cabeza de token anterior mira una posición atrás; una cabeza de inducción mira el token que siguió al actual la primera vez, que es el que hay que predecir; una cabeza de token duplicado mira la primera aparición del token actual. Después se quita cada cabeza por turno (su salida puesta a 0) y se mide otra vez la pérdida en la repetición: un patrón es una pista, y quitar la cabeza es la prueba.',
    headsTooShort:
      'este modelo lee secuencias de como mucho T = {T}; puntuar sus cabezas necesita un tramo de al menos 2 tokens repetido una vez, así que T de 4 o más',
    findHeads: 'Puntuar cada cabeza',
    headsRunning: 'Quitando cada cabeza por turno, y luego los grupos: {done} de {total}…',
    headsLosses: 'Pérdida al predecir cada token (nats), con el modelo tal como es',
    headsLossesHelp:
      'Un token del primer tramo no se puede predecir; en la repetición, las cabezas de inducción pueden predecirlo.',
    headsCaption:
      'Cada cabeza en una secuencia de {period, plural, one {# token} other {# tokens}} repetida una vez; la pérdida en la repetición es {base, plural, one {# nat} other {# nats}} con el modelo tal como es',
    headsCols: ['Bloque', 'Cabeza', 'Token anterior', 'Inducción', 'Token duplicado', 'Pérdida sin ella (nats)'],
    headsStrongest:
      'La puntuación de inducción más alta es la del bloque {l}, cabeza {hd} ({score}); sin esa cabeza la pérdida en la repetición es {removed, plural, one {# nat} other {# nats}}, frente a {base} con el modelo tal como es.',
    headsStopped:
      'Detenido tras {done, plural, one {# cabeza} other {# cabezas}}; las cabezas a las que no se llegó quedan en blanco.',
    headsGuessQuestion:
      'Antes de ver las cabezas quitadas: ¿qué cabeza, si se quita, subirá más la pérdida en la repetición?',
    headsGuessHead: 'bloque {l}, cabeza {hd}',
    headsGuessCheck: 'Comprobar mi predicción',
    headsGuessShow: 'Mostrar los resultados sin predecir',
    headsHidden: 'se muestra cuando predigas',
    headsGuessRight:
      'Elegiste el bloque {l}, cabeza {hd}, y es la que más importa: sin ella la pérdida en la repetición llega a {removed, plural, one {# nat} other {# nats}}, más que sin ninguna otra cabeza (con el modelo tal como es: {base}).',
    headsGuessWrong:
      'Elegiste el bloque {l}, cabeza {hd}: sin ella la pérdida en la repetición llega a {removed, plural, one {# nat} other {# nats}}. La cabeza cuya ausencia más la sube es la del bloque {bl}, cabeza {bhd} ({best, plural, one {# nat} other {# nats}}; con el modelo tal como es: {base}).',
    groupsCaption: 'Cabezas quitadas a la vez (pérdida en la repetición, nats; con el modelo tal como es: {base})',
    groupsCols: ['Cabezas', 'Cuáles (bloque.cabeza)', 'Pérdida sin ellas (nats)'],
    groupKinds: {
      induction: 'las cabezas con una puntuación de inducción de {bar} o más',
      previousToken: 'las cabezas con una puntuación de token anterior de {bar} o más',
    },
    groupsNone:
      'Ninguna cabeza tiene una puntuación de inducción o de token anterior de {bar} o más, así que no hay ningún grupo que quitar a la vez.',
    groupBarely:
      'Si se quitan a la vez {group}, la pérdida en la repetición apenas se mueve ({together, plural, one {# nat} other {# nats}}, frente a {base}): este modelo no predice la repetición con ellas.',
    groupAlone:
      'Entre {group}, una importa por sí sola: la del bloque {l}, cabeza {hd}. Quitada sola, lleva la pérdida en la repetición a {single, plural, one {# nat} other {# nats}}, al menos la mitad de lo que la lleva quitarlas todas ({together, plural, one {# nat} other {# nats}}, frente a {base}).',
    groupTogether:
      'Entre {group}, ninguna importa mucho por sí sola (quitada sola, cada una deja la pérdida en la repetición en {single, plural, one {# nat} other {# nats}} o menos), pero quitadas a la vez la llevan a {together, plural, one {# nat} other {# nats}}, frente a {base}: se respaldan unas a otras, y quitar una cabeza cada vez no las habría descubierto.',
    checks: 'Comprobaciones de este modelo',
    position: 'Cambiar el token en la posición',
    check: 'Hacer las comprobaciones',
    dependenceCols: ['Posición', 'Token', 'Mayor cambio'],
    notJson:
      'se esperaba un objeto JSON como {example}, y esto no es JSON válido{at, select, none {} other { (se rompe en el carácter {at}, contando desde 0)}}',
    notObject: 'se esperaba un objeto JSON como {example} y se recibió {got}',
    optionsTooLong:
      'esto tiene {n, plural, one {# carácter} other {# caracteres}}, y todos los ajustes que hay caben en {most, plural, one {# carácter} other {# caracteres}}',
    nestedOption:
      'el ajuste "{name}" contiene un objeto o una lista de listas; un ajuste es un número, un texto, true o false, o una lista de ellos, como en {example}',
    reading: 'Leyendo el archivo… {percent} %',
    openedLine: 'Abierto: {name}, {count, plural, one {# parámetro} other {# parámetros}}.',
    vocabLine: 'Vocabulario: {n, plural, one {# carácter} other {# caracteres}}, {from}.',
    vocabMismatch:
      'el vocabulario tiene {n, plural, one {# carácter} other {# caracteres}}, pero el modelo tiene {V, plural, one {# id de token} other {# ids de token}}, uno por carácter: es el vocabulario de otro modelo',
    gpt2Line: 'Vocabulario: la codificación por pares de bytes de GPT-2, 50 257 tokens; escribe el prompt como texto.',
    gpt2PaddedLine:
      'Vocabulario: la codificación por pares de bytes de GPT-2, 50 257 tokens (los ids de 50 257 a {last} son el relleno de nanoGPT); escribe el prompt como texto.',
    badId: '"{word}" no es un id de token de 0 a {last}',
    tooLong: 'el prompt tiene {n, plural, one {# token} other {# tokens}}, pero el modelo lee como mucho T = {T}',
    promptTooLongText:
      'el prompt tiene {n, plural, one {# carácter} other {# caracteres}}, más de lo que cabe en un prompt de T = {T} (como mucho {most, plural, one {# carácter} other {# caracteres}})',
    headLabel: 'bloque {l}, cabeza {hd}',
    entropy: 'entropía media por fila {nats, plural, one {# nat} other {# nats}}',
    ablate: 'anular la cabeza {hd}',
    nextCaption: 'Tokens más probables tras «{tok}», con el modelo tal como es y con las intervenciones',
    generating:
      '{n, plural, one {Generando # token} other {Generando # tokens}}: el prompt es una pasada del modelo completo; cada token que sigue es una sola posición, calculada contra las claves y los valores guardados de los anteriores…',
    stop: 'Detener',
    rate: '{n, plural, one {# token: la pasada del prompt y el primer token tardaron {first} ms.} other {# tokens: la pasada del prompt y el primero tardaron {first} ms; después, {rate, plural, one {# token} other {# tokens}} por segundo.}}',
    generatedLine:
      '{stopped, select, yes {Detenido tras {n, plural, one {# token} other {# tokens}}.} other {{n, plural, one {Generado # token.} other {Generados # tokens.}}}}',
    dependenceHelp:
      '§7.3: el token en la posición {j} se sustituye por el id siguiente y se comparan los logits de cada posición. Con la máscara causal, ninguna posición anterior a {j} puede ver el cambio, así que su mayor cambio es exactamente 0.',
    dependenceCaption: 'Mayor cambio de los logits tras cambiar la posición {j}',
    causalOk: 'Todas las posiciones anteriores a {j} siguen igual: este modelo no lee el futuro.',
    causalLeak: 'La posición {i} cambió aunque el cambio está en {j}: este modelo lee el futuro.',
    gap: '§6.1: los logits del prompt leído al revés, devueltos al orden del prompt, difieren de los del propio prompt hasta en {g}. Un modelo sin posiciones ni máscara daría 0: no podría distinguir un orden de otro.',
  },
  practice: {
    // the engine's names of given values and of a solution's values that are words (notation,
    // d_k, T_max, sigma^2, is shown as symbols in every language)
    values: {
      'previous-token': 'peso medio en i − 1',
      duplicate: 'peso medio en i − p',
      induction: 'peso medio en i − p + 1',
      logits: 'logits',
      'memory positions': 'posiciones de la memoria',
      bias: 'sesgo',
      learned: 'aprendidas',
      tied: 'pesos compartidos',
      mask: 'máscara',
      targets: 'objetivos',
      tokens: 'tokens',
      angle: 'ángulo',
      biases: 'sesgos',
      weights: 'pesos',
      cached: 'en caché',
      recomputed: 'recalculadas',
      'per block and position': 'por bloque y posición',
      concat: 'concatenadas',
      dependence: 'dependencia',
      'first changed row': 'primera fila cambiada',
      'last row': 'última fila',
      'new row': 'fila nueva',
      'head 1': 'cabeza 1',
      'head 2': 'cabeza 2',
      input: 'entrada',
      target: 'objetivo',
      keys: 'claves',
      queries: 'consultas',
      losses: 'pérdidas',
      'root-mean-square': 'raíz cuadrática media',
      'X swapped': 'X intercambiada',
      'Y for the swapped input': 'Y de la entrada intercambiada',
      period: 'periodo',
      entries: 'componentes',
      rows: 'filas',
    },
    families: {
      retrieval: {
        title: 'La salida de una consulta',
        hints: [
          'Empieza por las puntuaciones s_j = q·k_j / √2.',
          'Exponencia, divide por la suma para obtener los pesos y luego suma a_j v_j.',
        ],
        prompt:
          'Calcula la salida y = Σ_j a_j v_j de la consulta q sobre las claves (filas de K) y los valores (filas de V), con d_k = 2: cada puntuación es q·k_j / √2.',
      },
      intervention: {
        title: 'Quitar una posición',
        hints: [
          'Calcula y como siempre; después vuelve a calcular y′ solo con las demás filas de K y V.',
          'Sin la posición j, los pesos que quedan se renormalizan: vuelven a sumar uno.',
        ],
        prompt: {
          remove:
            'Toma la consulta q sobre las claves (filas de K) y los valores (filas de V), con d_k = 2, y quita la posición {j}: borra su clave y su valor. ¿Cuánto se mueve la salida? Da y′ − y, donde y′ es la salida sin la posición {j}.',
          'zero-value':
            'La posición {j} tiene el mayor peso de atención, y su valor v_{j} es el vector cero. Toma la consulta q sobre las claves (filas de K) y los valores (filas de V), con d_k = 2, y quita la posición {j}: borra su clave y su valor. ¿Cuánto se mueve la salida? Da y′ − y, donde y′ es la salida sin la posición {j}.',
        },
      },
      'attention-cost': {
        title: 'Memoria frente a aritmética',
        hints: [
          'Cada elemento y cada cabeza tiene su propia matriz de pesos, con una fila por consulta y una columna por clave.',
          'Una cabeza de anchura d_h = D / H gasta d_h multiplicaciones-sumas por cada par (consulta, clave) en Q Kᵀ, y otras tantas en A V.',
        ],
        prompt: {
          weights:
            'Una atención multicabeza con B = {B}, T = {T}, D = {D} y H = {H, plural, one {# cabeza} other {# cabezas}} guarda sus pesos de atención para la pasada hacia atrás. ¿Cuántas componentes de pesos guarda en total?',
          products:
            'Una atención multicabeza con B = {B}, T = {T}, D = {D} y H = {H, plural, one {# cabeza} other {# cabezas}} calcula Q Kᵀ y luego A V en cada cabeza. ¿Cuántas multiplicaciones-sumas cuestan estos dos productos en total (sin contar las proyecciones)?',
        },
      },
      saturation: {
        title: 'Softmax tras escalar',
        hints: [
          'Divide primero las dos puntuaciones por √d_k.',
          'softmax([a, b]) = [1 / (1 + e^(b−a)), e^(b−a) / (1 + e^(b−a))].',
        ],
        prompt:
          'Dos claves dan los productos escalares sin escalar q·k = [{s}]. Con d_k = {d_k}, ¿cuáles son los pesos de atención tras dividir las puntuaciones por √d_k?',
      },
      'score-variance': {
        title: 'La varianza de una puntuación',
        hints: [
          'Un producto q_c k_c de factores independientes de media cero tiene varianza σ²·σ² = σ⁴.',
          'Las varianzas de términos independientes se suman; dividir por una constante c divide la varianza por c²; la desviación típica es la raíz cuadrada de la varianza.',
        ],
        prompt: {
          raw: 'Las coordenadas de las consultas y de las claves son independientes, con media 0 y varianza σ² = {sigma2}. ¿Cuál es la varianza de la puntuación sin escalar q·k para d_k = {d_k}?',
          scaled:
            'Las coordenadas de las consultas y de las claves son independientes, con media 0 y varianza σ² = {sigma2}. ¿Cuál es la varianza de la puntuación escalada q·k / √d_k para d_k = {d_k}?',
          'raw-std':
            'Las coordenadas de las consultas y de las claves son independientes, con media 0 y varianza σ² = {sigma2}. ¿Cuál es la desviación típica de la puntuación sin escalar q·k para d_k = {d_k}?',
        },
      },
      'attention-matrix': {
        title: 'Una matriz de atención',
        hints: [
          'Puntúa cada consulta (fila de Q) frente a cada clave (fila de K), dividiendo por √d_k.',
          'Aplica el softmax a cada fila por separado: las filas suman uno.',
        ],
        prompt:
          'Calcula la matriz de atención A = softmax(Q Kᵀ / √d_k) para las filas de Q y K de abajo (d_k = {d_k}, sin máscara).',
      },
      shapes: {
        title: 'Formas con cabezas',
        hints: [
          'd_h = D / H; c_attn lleva C características a 3·C.',
          'view pone el eje de cabezas detrás de T; transpose(1, 2) intercambia T y el eje de cabezas.',
        ],
        prompt: {
          heads:
            'En nanoGPT, q = q.view(B, T, nh, C // nh).transpose(1, 2) con B = {B}, T = {T}, C = {D}, nh = {H}. ¿Cuál es la forma de q?',
          weights:
            'Con B = {B}, T = {T}, D = {D} y H = {H, plural, one {# cabeza} other {# cabezas}}, ¿cuál es la forma de los pesos de atención guardados?',
          fused:
            'nanoGPT calcula q, k y v juntas como c_attn(x), una sola capa lineal. Con B = {B}, T = {T}, C = {D} y nh = {H}, ¿cuál es la forma de c_attn(x) antes de dividirla?',
        },
      },
      'parameter-count': {
        title: 'Contar parámetros',
        hints: [
          'Cada una de W_Q, W_K, W_V, W_O es una matriz D × D, sea cual sea H.',
          'Una cabeza con pesos compartidos reutiliza E; las posiciones sinusoidales no tienen nada que aprender.',
        ],
        prompt: {
          attention:
            '¿Cuántos parámetros tienen W_Q, W_K, W_V y W_O de una capa de atención con D = {D} y H = {H, plural, one {# cabeza} other {# cabezas}}, {bias, select, true {con} other {sin}} sesgos?',
          vocabulary:
            'Un modelo tiene un vocabulario de V = {V, number}, anchura D = {D}, {learned, select, true {una tabla de posiciones aprendida para T_max = {T_max}} other {posiciones sinusoidales (T_max = {T_max})}} y {tied, select, true {una cabeza que comparte pesos con el embedding} other {una cabeza de salida aparte, con pesos propios y sin sesgo}}. ¿Cuántos parámetros hay en total en su embedding, su tabla de posiciones y su cabeza de salida?',
        },
      },
      'two-heads': {
        title: 'Dos cabezas',
        hints: [
          'Calcula los pesos de cada cabeza con el softmax de sus puntuaciones y luego su suma ponderada de V.',
          'Pon los dos resultados uno al lado del otro, primero la cabeza 1.',
        ],
        prompt:
          'Dos cabezas leen los mismos valores V con las puntuaciones s1 y s2 de abajo (ya escaladas). Escribe la salida multicabeza antes de W_O.',
      },
      'backup-heads': {
        title: '¿De qué cabeza depende la repetición?',
        hints: [
          'Cuenta las cabezas que hacen cada parte: las del bloque 0 con un peso medio de 0,3 o más en i − 1, las del bloque 1 con 0,5 o más en i − p + 1.',
          'Una parte que hacen dos cabezas sobrevive a perder una de ellas. Busca la parte que hace una sola cabeza.',
        ],
        prompt:
          'Un modelo de dos bloques predice la segunda mitad de una secuencia que repite la primera, p tokens más tarde, con dos clases de cabeza que trabajan una tras otra: una cabeza de token anterior en el bloque 0 (peso medio de 0,3 o más en i − 1) y una cabeza de inducción en el bloque 1 (0,5 o más en i − p + 1). La repetición se sigue prediciendo mientras quede al menos una cabeza de cada clase. Las tablas dan las dos puntuaciones de cada cabeza (una fila por bloque, el bloque 0 y luego el bloque 1; una columna por cabeza). ¿Qué cabeza, al quitarla, sube más la pérdida en la mitad repetida? Responde con su etiqueta, por ejemplo l5h1 para el bloque 5, cabeza 1.',
      },
      'induction-head': {
        title: '¿Qué cabeza es la cabeza de inducción?',
        hints: [
          'En la repetición, una cabeza de inducción mira el token que siguió al token actual la primera vez que apareció.',
          'La fila i de la repetición tiene el token de la fila i − p. ¿Qué posición tiene el token que vino después de él entonces?',
        ],
        prompt:
          'Un modelo de dos bloques leyó una secuencia cuya segunda parte repite la primera, p tokens más tarde. Para cada cabeza (una fila por bloque, el bloque 0 y luego el bloque 1; una columna por cabeza), las tablas dan su peso de atención medio desde cada fila i en tres posiciones: i − 1 y, en la repetición, i − p e i − p + 1. ¿Qué cabeza del bloque 1 es la cabeza de inducción? Responde con su etiqueta, por ejemplo l5h1 para el bloque 5, cabeza 1.',
      },
      'head-scores': {
        title: 'Las puntuaciones de una cabeza en una secuencia repetida',
        hints: [
          'Busca la franja: en cada fila i por la que pregunta la puntuación, la componente A[i][j] de la columna que nombra.',
          'Una puntuación es una media: suma las componentes de la franja y divide entre el número de filas que tienen una.',
        ],
        prompt: {
          induction:
            'Los pesos de atención A de una cabeza sobre los tokens [{tokens}]: los primeros {period, plural, one {# token} other {# tokens}}, repetidos una vez. ¿Cuál es su puntuación de inducción: la media, sobre las filas i ≥ {period} de la repetición, de A[i][i − {period} + 1], el peso del token que siguió al token i la primera vez?',
          'previous-token':
            'Los pesos de atención A de una cabeza sobre los tokens [{tokens}]: los primeros {period, plural, one {# token} other {# tokens}}, repetidos una vez. ¿Cuál es su puntuación de token anterior: la media de A[i][i − 1] sobre las filas i ≥ 1?',
          duplicate:
            'Los pesos de atención A de una cabeza sobre los tokens [{tokens}]: los primeros {period, plural, one {# token} other {# tokens}}, repetidos una vez. ¿Cuál es su puntuación de token duplicado: la media, sobre las filas i ≥ {period} de la repetición, de A[i][i − {period}], el peso de la primera aparición del token i?',
        },
      },
      layernorm: {
        title: 'LayerNorm de un token',
        hints: [
          'Usa solo la media y la varianza de la fila 0, dividiendo por D (no por D − 1).',
          'Resta la media y divide por la desviación típica.',
        ],
        prompt:
          'Aplica LayerNorm al token de la fila 0 de X, a lo largo de sus {features, plural, one {# característica} other {# características}} (γ = 1, β = 0; ε = 1e-5 es lo bastante pequeño para ignorarlo).',
      },
      ffn: {
        title: 'La subcapa feed-forward',
        hints: ['Calcula x W1 y pon a 0 sus componentes negativas.', 'Multiplica por W2 y vuelve a sumar x.'],
        prompt:
          'Calcula el flujo residual tras la subcapa feed-forward, x + ReLU(x W1) W2, para el vector fila x (sin sesgos).',
      },
      'pre-post': {
        title: 'Pre-norm o post-norm',
        hints: [
          '¿Dónde se aplica LN: a la entrada de la subcapa, o después de la suma?',
          'Mira dentro de cada bloque: lo que pasa después del último bloque no cambia eso.',
        ],
        prompt: {
          'final-norm':
            'Cada bloque de un modelo calcula las dos líneas de abajo, y una LayerNorm más, ln_f, se aplica una vez tras el último bloque. ¿Qué posición de la norma tienen sus bloques? Responde pre o post.',
          formula: '¿Qué posición de la norma usa {intro}? Responde pre o post.',
        },
      },
      permutation: {
        title: 'Intercambiar entradas',
        hints: [
          'Sin posiciones ni máscara, nada en la atención depende del lugar que ocupa una fila.',
          'Compara la salida que esperas con Y antes de calcular nada.',
        ],
        prompt:
          'Y es la salida de la autoatención sin máscara (Q = K = V = X, sin posiciones, d_k = 2) para las filas de X. ¿Cuál es la salida si se intercambian las filas {a} y {b} de X?',
      },
      positions: {
        title: 'Posiciones',
        hints: [
          'Las características 2k y 2k + 1 comparten la frecuencia 1 / 10000^(2k/D): la característica i pertenece al par k = ⌊i/2⌋.',
          'Una tabla aprendida tiene una fila de anchura D por posición.',
        ],
        prompt: {
          sinusoidal:
            '¿Cuál es la codificación posicional sinusoidal PE[{p}, {i}] para D = {D}? Las posiciones y las características se cuentan desde 0; una característica par usa sin y una impar, cos.',
          learned:
            '¿Cuántos parámetros entrenables añade una tabla de posiciones aprendida para T_max = {T_max, plural, one {# posición} other {# posiciones}} y anchura D = {D}?',
        },
      },
      'kv-cache': {
        title: 'Guardar o recalcular',
        hints: [
          'Pregúntate qué necesita cada bloque otra vez en el paso siguiente: ¿cuáles de q, k y v lee una consulta posterior?',
          'Cuenta paso a paso: ¿qué pasa cada paso por el modelo, y llega a pasar alguna vez el último token nuevo?',
        ],
        prompt: {
          stored:
            'Un modelo causal de L = {L, plural, one {# bloque} other {# bloques}} y anchura D = {D} genera con una caché de claves y valores. ¿Cuántos números guarda la caché para una secuencia cuando contiene T = {T, plural, one {# posición} other {# posiciones}}?',
          recompute:
            'Un modelo causal genera N = {N, plural, one {# token nuevo} other {# tokens nuevos}} tras un prompt de P = {P, plural, one {# token} other {# tokens}}, sin caché: cada paso recalcula todo el prefijo. ¿Cuántas filas de claves calcula un bloque en total?',
        },
      },
      'cache-rows': {
        title: 'Qué filas cambian',
        hints: [
          'Con la máscara causal, la fila de la posición t solo lee las posiciones 0 a t, en todos los bloques.',
          'Una fila cambia si cambia algo de lo que lee, directamente o a través de un bloque anterior.',
        ],
        prompt: {
          append:
            'Un modelo causal ha procesado T = {T, plural, one {# token} other {# tokens}}, en las posiciones 0 a {last}. Se añade un token más. En un bloque cualquiera, ¿las filas de qué posiciones (sus claves, valores y salidas) son distintas de antes? Da un conjunto de posiciones, contando desde 0; una fila que antes no existía cuenta como cambiada.',
          edit: 'Un modelo causal ha procesado T = {T, plural, one {# token} other {# tokens}}, en las posiciones 0 a {last}. El token de la posición {i} se sustituye por otro. En un bloque cualquiera, ¿las filas de qué posiciones (sus claves, valores y salidas) cambian? Da un conjunto de posiciones, contando desde 0.',
        },
      },
      'nanogpt-shapes': {
        title: 'Las formas de nanoGPT',
        hints: [
          'hs = C // nh es la anchura de una cabeza. view divide el último eje en nh grupos de hs; transpose(1, 2) intercambia los ejes de las posiciones 1 y 2.',
          'c_attn hace q, k y v en un solo producto; split(self.n_embd, dim=2) corta después su último eje en tres.',
        ],
        prompt: {
          heads:
            'En la CausalSelfAttention de nanoGPT con n_embd C = {C} y n_head nh = {nh}, entra un lote x de forma [B, T, C] = [{B}, {T}, {C}]. ¿Cuál es la forma de q tras q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)?',
          att: 'En la CausalSelfAttention de nanoGPT con n_embd C = {C} y n_head nh = {nh}, entra un lote x de forma [B, T, C] = [{B}, {T}, {C}]. ¿Cuál es la forma de att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))?',
          c_attn:
            'En la CausalSelfAttention de nanoGPT con n_embd C = {C} y n_head nh = {nh}, entra un lote x de forma [B, T, C] = [{B}, {T}, {C}]. ¿Cuál es la forma de self.c_attn(x), antes de dividirla?',
        },
      },
      'fused-columns': {
        title: 'Qué columnas son de la cabeza h',
        hints: [
          'Cada cabeza tiene un bloque de d_h columnas vecinas, primero las de la cabeza 0.',
          'En c_attn va primero toda W_Q, luego toda W_K y luego toda W_V.',
        ],
        prompt: {
          q: 'Las H = {H, plural, one {# cabeza} other {# cabezas}} del tutorial tienen cada una una W_Q^h de anchura d_h = D / H, con D = {D}. Se fusionan en una sola W_Q = [W_Q^0 W_Q^1 … W_Q^{lastHead}] de {D, plural, one {# columna} other {# columnas}} (0 a {lastColumn}), para que una capa de atención multicabeza calcule las mismas cabezas. ¿Qué columnas de la W_Q fusionada son de la cabeza {h}? Da un conjunto de índices de columna.',
          k: 'El peso c_attn de nanoGPT, leído como [in, out], es [W_Q W_K W_V] con C = {D, plural, one {# columna} other {# columnas}} cada una (0 a {lastColumn} en total), y n_head = {H}. ¿Cuáles de sus columnas dan las claves de la cabeza {h}? Da un conjunto de índices de columna.',
        },
      },
      rmsnorm: {
        title: 'RMSNorm de una fila',
        hints: [
          'RMSNorm divide cada componente por la raíz de la media de los cuadrados de la fila.',
          'A diferencia de LayerNorm, no resta antes la media de la fila.',
        ],
        prompt:
          'El tutorial del curso normaliza con RMSNorm. Con ganancia 1 y ε = 0, ¿cuál es la componente {i} (contando desde cero) de RMSNorm(x) para la fila x = [{x}]?',
      },
      'gated-ffn': {
        title: 'Los parámetros de la FFN con compuerta',
        hints: [
          'Cuenta las matrices: cada aplicación D → D_ff es D × D_ff, y la de vuelta es D_ff × D.',
          'Un sesgo tiene un número por característica de salida de su aplicación.',
        ],
        prompt: {
          bias: 'Una FFN con compuerta lleva D = {D, plural, one {# característica} other {# características}} a D_ff = {D_ff, plural, one {# característica} other {# características}} dos veces (las características y las compuertas), multiplica las dos característica a característica y lleva D_ff de vuelta a D. ¿Cuántos parámetros tiene con un sesgo en cada una de sus tres aplicaciones?',
          'no-bias':
            'Una FFN con compuerta lleva D = {D, plural, one {# característica} other {# características}} a D_ff = {D_ff, plural, one {# característica} other {# características}} dos veces (las características y las compuertas), multiplica las dos característica a característica y lleva D_ff de vuelta a D. ¿Cuántos parámetros tiene sin sesgos?',
        },
      },
      'cross-attention': {
        title: 'Atención cruzada',
        hints: [
          'Pregúntate de dónde vienen las consultas y de dónde las claves y los valores: cada uno da un eje de los pesos.',
          'La máscara causal existe porque una posición generada no puede ver posiciones que aún no se han generado. ¿Se genera algo en el lado de la fuente?',
        ],
        prompt: {
          weights:
            'Un bloque decodificador con H = {H, plural, one {# cabeza} other {# cabezas}} y anchura D = {D} lee la salida de un codificador de T_enc = {T_enc, plural, one {# posición} other {# posiciones}}, para un lote de B = {B, plural, one {# secuencia objetivo} other {# secuencias objetivo}} de T_dec = {T_dec, plural, one {# posición} other {# posiciones}}. ¿Cuál es la forma de sus pesos de atención cruzada?',
          output:
            'Un bloque decodificador con H = {H, plural, one {# cabeza} other {# cabezas}} y anchura D = {D} lee la salida de un codificador de T_enc = {T_enc, plural, one {# posición} other {# posiciones}}, para un lote de B = {B, plural, one {# secuencia objetivo} other {# secuencias objetivo}} de T_dec = {T_dec, plural, one {# posición} other {# posiciones}}. ¿Cuál es la forma de la salida de su atención cruzada?',
          reads:
            'En la atención cruzada desde un decodificador de T_dec = {T_dec, plural, one {# posición} other {# posiciones}} hacia la salida de un codificador de T_enc = {T_enc, plural, one {# posición} other {# posiciones}} (0 a {last}), ¿a qué posiciones de la memoria puede atender la posición objetivo {i}? Da un conjunto de posiciones.',
          count:
            'En una cabeza de atención cruzada, un decodificador de T_dec = {T_dec, plural, one {# posición} other {# posiciones}} lee la salida de un codificador de T_enc = {T_enc, plural, one {# posición} other {# posiciones}}. Para una secuencia, sin relleno, ¿cuántos de los pesos de atención de la cabeza no pone a 0 la máscara?',
        },
      },
      'causal-mask': {
        title: 'Lo que permite la máscara',
        hints: [
          'La máscara causal conserva la clave j para la consulta i exactamente cuando j ≤ i.',
          'Una posición puede atenderse a sí misma.',
        ],
        prompt: {
          keys: 'En un modelo causal con T = {T, plural, one {# posición} other {# posiciones}} (0 a {last}), ¿a qué posiciones de clave puede atender la consulta de la posición {i}? Da un conjunto de posiciones.',
          pairs:
            'En un modelo causal con T = {T, plural, one {# posición} other {# posiciones}}, ¿cuántos pares (consulta, clave) conserva la máscara, es decir, cuántos pesos de atención de una cabeza pueden ser distintos de 0?',
          queries:
            'En un modelo causal con T = {T, plural, one {# posición} other {# posiciones}} (0 a {last}), ¿qué posiciones de consulta pueden atender a la clave de la posición {j}? Da un conjunto de posiciones.',
        },
      },
      'teacher-forcing': {
        title: 'Forzado del profesor',
        hints: ['La salida en la posición i se evalúa con el token de la posición i + 1.'],
        prompt: {
          sentence:
            'Entrenando con «{sentence}», ¿cuál es el objetivo de la salida en la posición de entrada {i} (contando desde cero)?',
          ids: 'Entrenando con los identificadores de token {ids} (un vocabulario de {V, plural, one {# token} other {# tokens}}), ¿cuál es el objetivo de la salida en la posición de entrada {i} (contando desde cero)? Da su identificador de token.',
        },
      },
      'cross-entropy': {
        title: 'Entropía cruzada en nats',
        hints: [
          'La pérdida de cada fila es logsumexp(z) − z[objetivo].',
          'Usa logaritmos naturales y promedia sobre las filas.',
        ],
        prompt:
          'Las filas de logits de abajo se evalúan con los objetivos {targets} (ids del vocabulario contando desde cero). ¿Cuál es la pérdida media de entropía cruzada en nats?',
      },
      generation: {
        title: 'Muestreo con temperatura',
        hints: [
          'Divide los logits por τ y luego aplica softmax.',
          'La probabilidad del token j es e^(z_j/τ) / Σ_v e^(z_v/τ).',
        ],
        prompt:
          'Muestreando con temperatura τ = {tau} a partir de los logits [{logits}], ¿cuál es la probabilidad del token {j} (contando desde cero)?',
      },
      leak: {
        title: 'Dónde debe estar la máscara',
        hints: [
          'En un bloque sin máscara, cada posición lee todas las demás, también las posteriores.',
          'Una vez que un bloque ha mezclado un token posterior en una fila anterior, una máscara en un bloque posterior ya no puede sacarlo.',
        ],
        model:
          'Un modelo de {blocks, plural, one {un bloque} other {# bloques}} {pattern, select, every {aplica la máscara causal en todos los bloques} none {no aplica máscara en ningún bloque} other {aplica la máscara causal solo en {masked, plural, one {el bloque {list}} other {los bloques {list}}} (los bloques se cuentan desde 0, en el orden en que se ejecutan)}}. Lee {T, plural, one {# token} other {# tokens}}, en las posiciones 0 a {last}.',
        prompt: {
          can: '{model} ¿Puede la salida en la posición {a} depender del token en la posición {b}? Responde sí o no.',
          which:
            '{model} ¿De los tokens de qué posiciones puede depender la salida en la posición {a}? Da un conjunto de posiciones.',
        },
      },
      'toy-trace': {
        title: 'La traza del modelo de juguete',
        hints: [
          'Sigue el §7.4 paso a paso: X = E[tokens] + P, luego Q, K, V.',
          'La máscara impide que la consulta i vea claves posteriores a i; U = X + salida de la atención.',
        ],
        model:
          'Ejecuta el modelo de juguete del §7.4 sobre la secuencia A B C A (entradas A B C en las posiciones 0, 1, 2; objetivos B C A): X = E[token] + P con los embeddings E y las posiciones P de abajo; una cabeza con W_Q = [1, 0]ᵀ, W_K = [ln 2, 0]ᵀ, W_V = I, d_k = 1 (escala 1) y la máscara causal; U = X + salida de la atención; H = U + ReLU(U W_1) W_2 con W_1 = I y W_2 = I/2; sin LayerNorm; logits H W_vocab con la cabeza de pesos propios W_vocab = [[1, 0, −1], [0, 1, −1]], sin sesgo.',
        prompt: {
          loss: '{model} ¿Cuál es la pérdida media en nats?',
          weight: '{model} ¿Qué peso de atención da la consulta de la posición {i} a la clave de la posición {j}?',
          residual: '{model} ¿Cuál es la componente [{i}][{c}] de U (fila {i}, característica {c})?',
        },
      },
      einsum: {
        title: 'Ejes con einsum',
        hints: [
          'Una letra que aparece en las entradas pero no después de -> se suma.',
          'Usa la misma letra para el mismo eje en las dos entradas; "..." representa cualquier número de ejes iniciales.',
        ],
        prompt: {
          scores:
            'q y k tienen los dos ejes [lote, posición, característica]. Escribe la cadena de einsum de las puntuaciones sin escalar: un número por cada elemento del lote, posición de consulta y posición de clave (en ese orden), el producto escalar de esa fila de consulta con esa fila de clave.',
          values:
            'weights tiene ejes [lote, posición de consulta, posición de clave] y v tiene ejes [lote, posición de clave, característica]. Escribe la cadena de einsum de la salida de la atención, con ejes [lote, posición de consulta, característica]: cada fila de salida es la suma ponderada de las filas de valores con los pesos de su consulta.',
          'head-scores':
            'q y k tienen ejes [lote, cabeza, posición, característica]. Escribe la cadena de einsum de las puntuaciones sin escalar de todas las cabezas, con ejes [lote, cabeza, posición de consulta, posición de clave].',
          'head-values':
            'weights tiene ejes [lote, cabeza, posición de consulta, posición de clave] y v tiene ejes [lote, cabeza, posición de clave, característica]. Escribe la cadena de einsum de la salida de todas las cabezas, con ejes [lote, cabeza, posición de consulta, característica].',
          ellipsis:
            'q y k tienen cualquier número de ejes de lote iniciales y después [posición, característica]. Escribe una sola cadena de einsum para las puntuaciones sin escalar, con los mismos ejes iniciales y después [posición de consulta, posición de clave], sea cual sea el número de ejes iniciales.',
          projection:
            'x tiene ejes [lote, posición, característica de entrada] y W se guarda como [característica de entrada, característica de salida], como en x @ W. Escribe la cadena de einsum de x @ W, con ejes [lote, posición, característica de salida].',
        },
      },
    },
    formulas: {
      'pre-math': { intro: 'este bloque' },
      'post-math': { intro: 'este bloque' },
      nanogpt: { intro: 'el Block.forward de nanoGPT, abajo' },
      'torch-post': { intro: 'este forward de una capa codificadora de PyTorch' },
      'torch-pre': { intro: 'este forward de una capa codificadora de PyTorch' },
      'sublayer-post': { intro: 'un bloque en el que cada subcapa f calcula la línea de abajo' },
      'sublayer-pre': { intro: 'un bloque en el que cada subcapa f calcula la línea de abajo' },
    },
    misconceptions: {
      'picked-strongest-head':
        'se eligió la cabeza con la puntuación más alta: otra cabeza de su clase hace la misma parte, así que la repetición se sigue prediciendo sin ella (un peso grande por sí solo no muestra lo que una predicción necesita)',
      'picked-backed-up-head':
        'se eligió una cabeza cuya parte también hace otra: esa otra sigue sosteniendo la repetición cuando se quita la primera',
      'picked-duplicate-head':
        'se eligió la cabeza con más peso en i − p: mira la primera aparición del propio token actual, no el token que vino después',
      'picked-previous-head':
        'se eligió la cabeza con más peso en i − 1: mira una posición atrás, algo en lo que se apoya una cabeza de inducción (a través de un bloque anterior), pero que ella misma no hace',
      'stripe-summed':
        'se sumaron las componentes de la franja sin dividir entre el número de filas: una puntuación es su media',
      diagonal:
        'se promediaron los pesos que cada posición se da a sí misma (la diagonal); el token anterior está una columna a la izquierda',
      'divided-by-T':
        'la suma se dividió entre todas las filas, T, aunque la fila 0 no tiene token anterior: divide entre T − 1',
      'duplicate-stripe':
        'se promediaron los pesos de la primera aparición del propio token; una cabeza de inducción mira una posición más allá, el token que lo siguió',
      'previous-stripe':
        'se promediaron los pesos de la posición anterior: esa es la franja de una cabeza de token anterior',
      'induction-stripe':
        'se promediaron los pesos del token que siguió a la primera aparición; una cabeza de token duplicado mira la primera aparición misma',
      'kv-from-decoder': 'se toman las claves y los valores del decodificador en lugar de la memoria',
      'heads-first': 'se pone el eje de cabezas delante del eje del lote; el eje del lote siempre va primero',
      'heads-not-concatenated':
        'se da la salida de una sola cabeza; las salidas de las cabezas se concatenan de vuelta a D características',
      'from-own-position':
        'se supone que la consulta solo lee las posiciones de la memoria a partir de la suya; sin máscara las lee todas',
      'one-head-work':
        'se cuenta solo la parte de una cabeza; las H cabezas juntas hacen el trabajo de una cabeza de anchura D',
      'divided-by-variance':
        'se divide la fila centrada por la varianza en lugar de por su raíz cuadrada, la desviación típica',
      'gave-new-output': 'se da la nueva salida y′ en lugar del cambio y′ − y',
      'relu-after-w2': 'se aplica la ReLU después de la segunda aplicación en lugar de entre las dos',
      'mean-abs':
        'se divide la fila por la media de los valores absolutos |x_j|; RMSNorm divide por la raíz de la media de los cuadrados',
      'view-without-transpose': 'se lee el view sin transpose(1, 2), lo que deja T delante del eje de cabezas',
      'heads-from-one': 'se cuentan las cabezas desde 1; la cabeza 0 tiene el primer bloque',
      interleaved: 'se toman las columnas de H en H; las columnas de cada cabeza están juntas',
      'no-q-offset':
        'no se saltan las C columnas de W_Q, con lo que salen las columnas de consulta de la cabeza h; las columnas de W_K empiezan después de las C de W_Q',
      'hs-as-C': 'se dan a cada cabeza las C características; cada una tiene hs = C / nh de ellas',
      'att-as-y':
        'se toma el último eje como hs, que es la forma de y = att @ v; att tiene un peso por cada posición de consulta y de clave',
      'c_attn-one-projection': 'se lee c_attn como una sola proyección; calcula q, k y v juntas, 3·C características',
      'subtracted-mean': 'se resta primero la media de la fila, como hace LayerNorm; RMSNorm no lo hace',
      'root-sum-square': 'se usa la raíz de la suma de los cuadrados; RMSNorm toma la media de los cuadrados',
      'no-root': 'se usa la media de los cuadrados sin su raíz cuadrada',
      'two-maps':
        'se cuentan solo dos aplicaciones, como en la FFN simple; la compuerta es una tercera aplicación D → D_ff',
      'gate-square': 'se cuenta la compuerta como una aplicación D_ff → D_ff; lee la entrada, así que es D × D_ff',
      'no-biases': 'se dejan fuera los sesgos',
      'cache-queries': 'se cuentan también las consultas, pero una consulta solo se lee en su propio paso',
      'one-block': 'se cuenta la parte de un solo bloque; cada bloque guarda sus propias claves y valores',
      'keys-only': 'se cuentan solo las claves; los valores también se guardan',
      'cached-count': 'se da la cuenta con caché; sin ella, cada paso vuelve a calcular todo el prefijo',
      'counted-last':
        'se cuenta también la fila del último token nuevo, pero ese token nunca vuelve a entrar, así que su fila nunca se calcula',
      'queries-from-memory': 'se toman las consultas de la memoria en lugar del decodificador',
      'masked-encoder': 'se pone la máscara causal en el codificador, que lee una fuente conocida entera',
      'self-reads-memory':
        'se da la memoria a la autoatención del decodificador: leer la memoria es tarea de la atención cruzada',
      'causal-cross': 'se aplica la máscara causal a la atención cruzada, que lee toda la fuente',
      'no-scaling': 'no se dividen las puntuaciones por √d_k',
      'no-exp': 'se normalizan las puntuaciones sin exponenciarlas',
      'keys-not-values': 'se aplican los pesos a las claves en lugar de a los valores',
      'divided-by-dk': 'se dividen las puntuaciones por d_k en lugar de por √d_k',
      'sigma-squared': 'se da a cada producto varianza σ² en lugar de σ⁴',
      'grows-like-sqrt': 'se supone que la varianza crece como √d_k en lugar de como d_k',
      'not-scaled': 'se deja fuera la división por √d_k',
      'divided-by-sqrt': 'se divide la varianza por √d_k (dividir una puntuación por c divide su varianza por c²)',
      'variance-not-std': 'se da la varianza en lugar de su raíz cuadrada, la desviación típica',
      'added-stds':
        'se suman las desviaciones típicas de los términos (las varianzas se suman; las desviaciones típicas, no)',
      columns: 'se aplica el softmax a lo largo de las columnas en lugar de a lo largo de cada fila',
      'no-transpose':
        'se deja el eje de cabezas detrás de T ([B, T, H, d_h]) en lugar de transponerlo a [B, H, T, d_h]',
      'no-head-axis': 'se olvida el eje de cabezas',
      'all-rows':
        'se supone que cambian todas las filas, como pasaría sin la máscara causal: las posiciones anteriores nunca leen las posteriores',
      'last-old-row':
        'se toma la última posición antigua por la nueva: el token nuevo tiene su propia fila, en la posición T',
      'only-that-row':
        'se supone que solo cambia la fila de la posición editada; todas las filas posteriores la leen, en todos los bloques, así que también cambian',
      'earlier-rows': 'se supone que cambian las filas hasta la editada en lugar de las filas a partir de ella',
      'not-renormalised':
        'se tacha el término a_j v_j y se dejan los demás pesos como estaban; sin la posición j se renormalizan y crecen hasta ocupar su parte, así que incluso quitar un valor cero mueve y',
      'reversed-change': 'se toma el cambio como antes menos después (y − y′) en lugar de y′ − y',
      'no-batch': 'se cuenta un solo elemento del lote',
      'linear-in-T': 'se cuenta T una vez en lugar de dos: cada consulta se encuentra con cada clave, T × T pares',
      'one-product': 'se cuenta solo Q Kᵀ; A V cuesta otras tantas multiplicaciones-sumas',
      'heads-add-work':
        'se carga a cada cabeza la anchura completa D; las cabezas se reparten D, así que H cabezas juntas hacen el trabajo de una cabeza de anchura D',
      'one-projection': 'se cuenta solo una de las tres proyecciones: c_attn hace q, k y v, 3·C características',
      'split-too-early': 'se dividen las cabezas antes de separar q, k y v',
      'forgot-wo': 'no se cuenta la proyección de salida W_O',
      'per-head': 'se cuenta cada cabeza como si tuviera sus propias matrices D × D',
      'forgot-biases': 'no se cuentan los sesgos (4D)',
      'counted-biases': 'se cuentan sesgos aunque no los hay',
      'counted-sinusoidal': 'se cuentan las posiciones sinusoidales como parámetros (son fijas)',
      'forgot-positions': 'no se cuenta la tabla de posiciones aprendida (T_max · D)',
      'tied-twice': 'se cuenta por segunda vez una cabeza con pesos compartidos',
      'forgot-head': 'no se cuenta la cabeza con pesos propios (D · V)',
      averaged: 'se promedian las cabezas en lugar de concatenarlas',
      summed: 'se suman las cabezas en lugar de concatenarlas',
      'heads-swapped': 'se concatenan las cabezas en el orden equivocado',
      'across-positions':
        'se normaliza cada característica a lo largo de las posiciones en lugar de cada token a lo largo de sus características',
      unbiased: 'se divide la varianza por D − 1 en lugar de por D',
      'not-centred': 'no se resta la media antes de dividir por la desviación típica',
      'no-nonlinearity': 'se deja fuera la ReLU',
      'no-residual': 'se deja fuera la suma residual',
      swapped: 'se intercambian las dos posiciones de la norma',
      'final-norm-post': 'se supone que una LayerNorm final tras la pila hace que los bloques sean post-norm',
      invariant:
        'se supone que la atención es invariante por permutaciones (salidas sin cambios) en lugar de equivariante (salidas intercambiadas)',
      'inputs-swapped': 'se da la entrada intercambiada en lugar de la salida de la atención',
      'sin-cos-swapped': 'se intercambian sin y cos',
      'one-based': 'se cuentan las posiciones desde 1',
      'table-size': 'se cuenta la tabla como T_max + D en lugar de T_max · D',
      'table-square': 'se cuenta la tabla como D · D',
      'included-future': 'se incluyen las posiciones futuras',
      'excluded-diagonal': 'se excluye la propia posición de la consulta',
      reversed: 'se invierte la máscara: conserva las posiciones posteriores en lugar de las anteriores',
      'no-mask': 'se deja fuera la máscara causal',
      'not-shifted': 'no se desplaza el objetivo (es la propia entrada), o se cuentan las posiciones desde 1',
      'two-ahead': 'se toma el objetivo dos posiciones por delante',
      log10: 'se toma el logaritmo en base 10',
      log2: 'se toma el logaritmo en base 2',
      'raw-logit': 'se usa el logit tal cual en lugar de la log-probabilidad',
      sum: 'se suman las pérdidas en lugar de promediarlas',
      sign: 'se cambia el signo (la pérdida es −log p)',
      'temperature-multiplied': 'se multiplican los logits por τ en lugar de dividirlos',
      'no-temperature': 'se deja fuera la temperatura',
      'no-softmax': 'se normalizan los logits sin softmax',
      'last-block-enough': 'se supone que basta con enmascarar el último bloque',
      'mask-somewhere-enough': 'se supone que basta con una máscara en algunos de los bloques',
      'mask-hides-past': 'se supone que la máscara oculta también los tokens anteriores (solo oculta los posteriores)',
      'mask-leaks': 'se supone que un modelo con máscara en todos los bloques lee tokens posteriores',
      'transposed-keys': 'se transponen los ejes de las claves (k como [b, d, j])',
      'transposed-output': 'se transponen los ejes de la salida',
      'kept-summed-axis':
        'se conserva en la salida el eje sumado (dejar su letra fuera después de -> es lo que hace que einsum lo sume)',
      'summed-queries': 'la suma recorre las consultas en lugar de las claves',
      'summed-wrong-axis': 'la suma recorre las características en lugar de las claves',
      'summed-heads': 'se suma el eje de cabezas (cada cabeza conserva su propia salida)',
      'fixed-batch':
        'se nombra un solo eje de lote, así que la cadena falla con cualquier otro número de ejes iniciales',
      'linear-layout': 'se lee W como [out, in], la disposición del peso de nn.Linear, en lugar de como se guarda aquí',
    },
    formats: {
      number: 'un número como 0.25, 1/4, ln 2 o 25% (con punto decimal)',
      integer: 'un número entero',
      vector: 'un vector, escrito [a, b, …]',
      matrix: 'una matriz, escrita [[a, b], [c, d]]',
      shape: 'una forma, escrita [a, b, …] o (a, b, …)',
      positions: "un conjunto de posiciones, escrito '{'a, b, …'}'",
      pairs: "un conjunto de pares, escrito '{'(i, j), …'}'",
      token: 'una palabra',
      choice: 'una de las opciones',
      einsum: 'una cadena de einsum como ab,bc->ac',
    },
    steps: {
      stripe: 'La franja',
      'induction-head': 'Los pesos medios del bloque 1 en i − p + 1',
      'previous-heads': 'Los pesos medios del bloque 0 en i − 1 (una cabeza de token anterior con 0,3 o más)',
      'induction-heads': 'Los pesos medios del bloque 1 en i − p + 1 (una cabeza de inducción con 0,5 o más)',
      scores: 'Puntuaciones',
      weights: 'Pesos',
      output: 'Salida',
      scaled: 'Puntuaciones escaladas',
      product: 'Un producto',
      sum: 'La suma',
      scale: 'Tras escalar',
      spread: 'Desviación típica',
      split: 'Anchura de cabeza',
      projections: 'W_Q, W_K, W_V',
      biases: 'Sesgos',
      embedding: 'Embedding',
      positions: 'Posiciones',
      head: 'Cabeza de salida',
      head1: 'Cabeza 1',
      head2: 'Cabeza 2',
      concat: 'Concatenación',
      mean: 'Media',
      variance: 'Varianza',
      normalise: 'Normalizado',
      hidden: 'Capa oculta',
      ffn: 'FFN(x)',
      residual: 'Residual',
      swap: 'Entrada intercambiada',
      angle: 'Ángulo',
      value: 'Valor',
      table: 'Tamaño de la tabla',
      keep: 'Posiciones permitidas',
      pairs: 'Pares (consulta, clave) conservados',
      cache: 'Lo que guarda la caché',
      rms: 'La raíz cuadrática media',
      count: 'Pesos y sesgos',
      shift: 'Desplazar una posición',
      probs: 'Probabilidades',
      softmax: 'Softmax',
      losses: 'Pérdidas',
      x: 'Filas de entrada',
      loss: 'Pérdida',
      arrangement: 'Dónde va LayerNorm',
      copy: 'Qué lee cada salida',
      'summed-axis': 'Qué eje se suma',
      rows: 'Filas que cambian',
      removed: 'Sin la posición j',
      change: 'El cambio',
      'per-matrix': 'Una matriz de pesos',
      products: 'Solo Q Kᵀ',
    },
    stepNotes: {
      arrangement:
        'Pre-norm aplica LN a la entrada de cada subcapa y suma la salida de la subcapa al flujo sin normalizar; post-norm aplica LN después de cada suma residual. Una LN final tras una pila pre-norm forma parte de esa pila, no es señal de post-norm.',
      copy: 'La componente (i, j) es cuánto se mueve la salida i cuando cambia el token j, medido por el motor. Cualquier valor por encima de la diagonal significa que una salida lee un token posterior: un bloque sin máscara copia tokens posteriores en filas anteriores, y una máscara en un bloque posterior no puede deshacerlo.',
      'summed-axis':
        'Una letra que aparece en las entradas pero no después de -> se suma; las letras después de -> nombran los ejes de la salida en orden; "..." representa los ejes iniciales.',
    },
    correct: 'Correcto.',
    choices: choiceWords.es,
    notYet: 'Todavía no.',
    loading: 'Cargando los problemas de práctica…',
    notLoaded:
      'No se pudieron cargar los problemas de práctica; los ejemplos resueltos siguen funcionando. Recarga la página para volver a intentarlo. Lo que dijo el navegador:',
    setTitle: 'Problemas de práctica',
    setIntro:
      'Las familias siguen las secciones del apunte, cada una junto al ejemplo resuelto que la enseña. Cada problema tiene variantes ilimitadas; el motor comprueba tu respuesta y te dice con qué error coincide. La variante 0 usa los propios números del apunte cuando dan un problema justo. Solo cuentan como intentos las respuestas que se pueden leer.',
    section: 'Sección',
    problem: 'Problema',
    workedExample: 'Ejemplo resuelto',
    progress: 'Tu progreso',
    answer: 'Respuesta',
    check: 'Comprobar',
    hint: 'Pista',
    nextHint: 'Otra pista',
    showSolution: 'Ver la solución',
    notCounted: 'Se mostró la solución, así que esta variante no cuenta en tu progreso: Nueva variante te da otra.',
    answerTooLong:
      'Sin comprobar: en tu curso una respuesta puede tener como mucho {most, plural, one {# carácter} other {# caracteres}}, y esta tiene {got}. Escribe los números con 4 cifras significativas.',
    noTriesLeft: 'No quedan intentos en este problema: ya hiciste todos los que admite.',
    newVariant: 'Nueva variante',
    solution: 'Solución paso a paso',
    answerIs: 'Respuesta:',
    options: 'Opciones',
    mastered: 'dominado',
    exportProgress: 'Exportar el progreso',
    importProgress: 'Importar el progreso',
    importPreview:
      'El archivo tiene progreso en {kinds, plural, one {# tipo de problema} other {# tipos de problema}}: {theirs}. Esta página tiene {mine}.',
    importUnknown:
      '{n, plural, one {# registro es de un problema que esta página no tiene y se dejará fuera} other {# registros son de problemas que esta página no tiene y se dejarán fuera}}.',
    importMergeMeans:
      'Combinar conserva cada variante resuelta en cualquiera de los dos y, para cada tipo de problema, el número mayor de intentos; Reemplazar conserva solo lo del archivo.',
    importMerge: 'Combinar',
    importReplace: 'Reemplazar',
    importCancel: 'Cancelar',
    importMerged: 'Progreso combinado.',
    importReplaced: 'Progreso reemplazado.',
    importLeft: 'No se importó nada.',
    importUndo: 'Deshacer la última importación',
    importUndone: 'Tu progreso está como antes de importar.',
    practiseThis: 'Practicar esta sección',
    tolerance:
      'Cada número debe estar a menos del {percent} % del valor del motor; una componente menor que {part} de la mayor componente de la respuesta puede desviarse un {percent} % de {part} de esa mayor componente. Tres cifras significativas bastan siempre. Los recuentos enteros, las formas y las posiciones deben ser exactos.',
    readAs: 'Leído como {text}.',
    unreadable: 'Se esperaba {format}, y esto no se pudo leer: {error}. (No contó como intento).',
    countMismatch: 'La respuesta tiene {expected, plural, one {# componente} other {# componentes}}.',
    wrongEntries:
      '{count, plural, one {La componente {labels} no es correcta} other {Las componentes {labels} no son correctas}} (contando desde 0, como en las tablas).',
    misconception: 'Es lo que sale cuando {what} (ver {section}).',
    variant: 'variante {seed}',
    progressLine:
      '{solved, plural, one {# resuelto} other {# resueltos}}, {attempts, plural, one {# intento} other {# intentos}}',
    importFailed: 'No se importó: {why}.',
    progressNotKept:
      'Este navegador no deja que la página guarde tu progreso: solo dura mientras la página esté abierta. Expórtalo abajo para conservarlo.',
    progressReset: 'No se pudo usar tu progreso guardado ({why}); se apartó y se empezó un registro nuevo.',
  },
  files: {
    wrongField:
      '{missing, select, true {falta {field}} other {{field} es {isText, select, true {«{got}»} other {{got}}}}}, y se esperaba {expected}',
    whole: 'un número entero de {least} a {most}',
    number: 'un número de {least} a {most}',
    anyNumber: 'un número',
    namesUpTo: 'un objeto de como mucho {most, plural, one {# nombre} other {# nombres}}',
    text: 'un texto de como mucho {most, plural, one {# carácter} other {# caracteres}}',
    exactly: '{choices}',
    list: 'una lista de como mucho {most, plural, one {# componente} other {# componentes}}',
    row: 'una lista de {n, plural, one {# componente} other {# componentes}}',
    fields: 'un objeto',
    names: 'un objeto',
    either: '{choices}',
    tooLarge:
      'el archivo «{name}» tiene {got} MB, y {kind, select, progress {un archivo de progreso} result {un archivo de resultados} vocabulary {un archivo de vocabulario} saved {un modelo guardado} checkpoint {un checkpoint} other {un archivo de este tipo}} tiene como mucho {most} MB, así que no se ha leído',
  },
  progressFile: {
    notProgress: 'no son datos de progreso de esta versión',
    cannotStore: 'el navegador no deja que esta página guarde el progreso',
    notJson: 'el archivo no es JSON',
    nothingKnown: 'el archivo no tiene progreso de ningún problema de esta página',
  },
  teach: {
    title: 'Poner una tarea',
    tocTitle: 'Para profesores',
    fromPractice: '¿Das clase? Pon una tarea con estos problemas',
    intro:
      'Elige los problemas, cuántos de cada tipo y cómo se generan sus números, y envía el enlace a tus estudiantes. El mismo motor que el de los problemas de práctica comprueba las respuestas de cada estudiante, y su recorrido conserva su sitio cuando recargan.',
    titleLabel: 'Título',
    familiesLabel: 'Problemas',
    all: 'Elegir todos',
    none: 'No elegir ninguno',
    eachLabel: 'Problemas de cada tipo',
    seedsLabel: 'Números',
    classSeeds: 'Los mismos para toda la clase, a partir de la semilla de abajo',
    seedLabel: 'Semilla',
    studentSeeds: 'Distintos para cada estudiante, a partir del nombre o número que escriba',
    hintsLabel: 'Pistas permitidas',
    solutionsLabel: 'Soluciones permitidas (un problema cuya solución se mostró cuenta como no resuelto)',
    passLabel: 'Nota de aprobado, % de problemas resueltos',
    triesLabel: 'Intentos permitidos en cada problema (0: sin límite)',
    penaltyLabel: 'Crédito que resta un intento fallido, % del problema',
    penaltyNote:
      'Un problema de elegir entre opciones siempre resta una parte por cada intento fallido (todo, si hay dos opciones), para que adivinar dé de media medio problema.',
    linkHeading: 'La tarea',
    linkLabel: 'Enlace para tus estudiantes',
    open: 'Abrirla como la vería un estudiante',
    ready: 'El enlace está listo para enviar.',
    notYet: 'Todavía no hay enlace:',
    paperHeading: 'En papel',
    studentsLabel: 'Estudiantes, uno por línea',
    studentsNote:
      'Solo para números propios de cada estudiante: se imprime una hoja por nombre (tal como lo escribirá el estudiante).',
    worksheet: 'Hoja de ejercicios para imprimir',
    answerKey: 'Solucionario para imprimir',
    resultsLink: 'Leer los archivos de resultados de tus estudiantes con esta tarea',
    packageHeading: 'Para tu LMS (Moodle, Canvas)',
    packageWhy:
      'Un paquete SCORM 1.2 de esta tarea: súbelo a tu curso como actividad SCORM, y la puntuación y el estado de cada estudiante llegan al libro de calificaciones cada vez que comprueba una respuesta. El paquete contiene la página entera y su motor, y no pide nada a internet.',
    packageButton: 'Descargar el paquete SCORM',
    packaging: 'Preparando el paquete…',
    noPackage: 'No se pudo preparar el paquete:',
    fromSite: 'abre esta página desde su sitio (no desde un archivo del disco) para preparar un paquete',
    eachNote: 'De 1 a {most}; cada uno con sus propios números.',
    count:
      '{n, plural, one {# problema} other {# problemas}}{perStudent, select, true {, con números propios de cada estudiante} other {, los mismos para todos}}.',
    packaged: 'El paquete se ha descargado ({file}, {kb} KB).',
    fewAnswers:
      'Pocas respuestas posibles: {families}. Cada una pide una respuesta entre pocas (una palabra, una serie de posiciones, una cadena einsum), así que los estudiantes pueden compartirla sean cuales sean sus números.',
    oldEdition:
      'Esta tarea toma sus problemas de la edición {edition} del conjunto de problemas, como cuando se creó, para que sus estudiantes conserven los problemas que empezaron. Las tareas nuevas usan la edición {latest}, cuyos rangos más amplios dan respuestas distintas a compañeros vecinos.',
    useLatest: 'Usar la edición {latest} (cambian todos los problemas)',
    packageTooLarge:
      'No hay paquete SCORM para esta tarea: el LMS guarda el recorrido de cada estudiante en {most, plural, one {# carácter} other {# caracteres}} (cmi.suspend_data de SCORM 1.2), y con todas las respuestas en su máxima longitud esta podría necesitar {needs}. Elige menos problemas.',
  },
  training: {
    title: 'Entrenar un modelo',
    tocSection: 'Laboratorio',
    loading: 'Cargando el panel de entrenamiento…',
    notLoaded:
      'No se pudo cargar el panel de entrenamiento, así que todavía no se puede entrenar nada aquí. Recarga la página para volver a intentarlo. Lo que dijo el navegador:',
    intro:
      'Entrena aquí mismo un modelo de lenguaje pequeño y observa si lo que afirma el apunte ocurre con la pérdida, la atención y el texto generado. El motor calcula cada número; el entrenamiento corre en segundo plano, así que mientras tanto los ejemplos resueltos se pueden seguir usando.',
    onPageThread:
      'Esta copia de la página no puede lanzar un worker en segundo plano (se abrió desde un archivo), así que el entrenamiento comparte el hilo de la página: la página puede responder algo más despacio mientras se entrena un modelo.',
    experiment: 'Experimento',
    discardLoaded:
      'Otro experimento u otros ajustes empiezan modelos nuevos, y el modelo cargado del archivo se perderá aquí (el archivo se queda como está). ¿Empezar modelos nuevos de todos modos?',
    experiments: {
      custom: {
        name: 'Tu propio modelo',
        about:
          'Elige el corpus, el tamaño y la forma del modelo y el optimizador. Empezar entrena hasta que hagas una pausa; Paso da un paso cada vez.',
      },
      leak: {
        name: '§7.3 Dónde va la máscara',
        about:
          'Tres copias de un mismo modelo que solo se diferencian en qué bloques aplican la máscara causal. La pérdida de entrenamiento premia leer el futuro, así que las copias sin máscara parecen mejores mientras se entrenan. Con la máscara causal que impone la generación (el futuro todavía no está), la clasificación se invierte.',
      },
      positions: {
        name: '§6.1 Posiciones',
        about:
          'El mismo modelo con vectores de posición aprendidos, sinusoidales o ninguno, en tareas donde el orden lo es todo (copiar, invertir, ordenar). Sin posiciones, la atención ve un conjunto de tokens, no una secuencia. (No del todo: la máscara causal permite a un modelo contar cuántos tokens vinieron antes, así que el modelo sin posiciones aprende despacio, no nunca). Dale un minuto: hacia los 1000 pasos, el modelo con posiciones aprendidas responde exactamente bastantes más preguntas reservadas que los demás.',
      },
      scaling: {
        name: '§3.1 Escalar las puntuaciones',
        about:
          'Una cabeza de anchura d_k = 128, con las puntuaciones divididas o no por √d_k. Sin escalar, las puntuaciones son grandes, el softmax se satura y la entropía de la atención cae hacia 0: cada consulta pone casi todo su peso en una clave.',
      },
      induction: {
        name: '§4 Cabezas de inducción',
        about:
          'Dos bloques solo de atención (sin FFN), entrenados con secuencias que repiten tramos de sí mismas, junto al mismo modelo entrenado con secuencias que no repiten nada a propósito (el control). Tras 1200 a 2500 pasos la pérdida de la primera ejecución cae de golpe: una cabeza del bloque 0 ha aprendido a mirar el token anterior, y una del bloque 1 lo usa para encontrar dónde apareció antes el token actual y copiar el que lo siguió. La atención de abajo muestra las dos en un tramo escrito dos veces, y las muestras siguen copiando una repetición que el modelo nunca vio. La pérdida del control se queda cerca de ln 64 ≈ 4,16 nats. Para ver el resultado enseguida, carga el modelo ya entrenado; el botón «Examinarlo en “Abrir un modelo”» puntúa entonces cada cabeza y las quita una a una, para comprobar cuáles necesita la predicción (§2.2).',
      },
      intervention: {
        name: '§2.2 Intervenir',
        about:
          'Entrena un modelo pequeño y luego cámbialo para ver qué cambia: apaga una cabeza, u oculta un token a los demás, y compara las probabilidades del siguiente token. Los pesos de atención muestran adónde mira una cabeza; una intervención muestra si eso importa para la predicción.',
      },
    },
    runNames: {
      model: 'modelo',
      every: 'máscara en todos los bloques',
      last: 'máscara solo en el último bloque',
      none: 'sin máscara',
      learned: 'posiciones aprendidas',
      sinusoidal: 'posiciones sinusoidales',
      scaled: 'escalado por 1/√d_k',
      unscaled: 'sin escalar',
      repeats: 'secuencias que se repiten',
      control: 'control: nada copiado',
    },
    positionNone: 'sin posiciones',
    fields: {
      corpus: 'Corpus',
      D: 'Anchura D',
      heads: 'Cabezas H',
      layers: 'Capas L',
      T: 'Contexto T',
      ffnMult: 'Anchura de la FFN (× D; 0: solo atención)',
      activation: 'Activación',
      gated: 'FFN con compuerta',
      arrangement: 'Posición de la norma',
      norm: 'Norma',
      positions: 'Posiciones',
      optimizer: 'Optimizador',
      lr: 'Tasa de aprendizaje',
      batch: 'Tamaño del lote',
      seed: 'Semilla',
    },
    corpora: {
      grammar: 'gramática de juguete (palabras)',
      order: 'copiar / invertir / ordenar (caracteres)',
      english: 'inglés sencillo (caracteres)',
      spanish: 'español sencillo (caracteres)',
      chinese: 'chino sencillo (caracteres)',
      repeats: 'tokens aleatorios que se repiten (generados)',
    },
    apply: 'Aplicar los ajustes',
    choices: {
      ...settingNames,
      norm: { ...settingNames.norm, none: 'ninguna' },
      positions: { learned: 'aprendidas', sinusoidal: 'sinusoidales', none: 'ninguna' },
    },
    fixedByExperiment: 'Cada ejecución de este experimento tiene su propio valor de este ajuste.',
    whoWhyClass:
      'Figura en tu archivo de resultados y separa tus respuestas de las de cualquier otra persona que use este ordenador.',
    start: 'Empezar',
    pause: 'Pausa',
    step: 'Paso',
    reset: 'Reiniciar',
    save: 'Guardar el modelo en un archivo',
    openModel: 'Examinarlo en «Abrir un modelo»',
    trainedLoad: 'Cargar el modelo ya entrenado para este experimento',
    trainedSingleFile:
      'El archivo único, abierto desde el disco, no lleva el modelo entrenado (el sitio sí: npm start o cualquier servidor web). Entrénalo aquí.',
    trainedUnreachable: 'No se pudo traer el modelo entrenado: el sitio no respondió (¿sin conexión?). Entrénalo aquí.',
    trainedRefused: 'No se pudo traer el modelo entrenado: el sitio respondió HTTP {status}. Entrénalo aquí.',
    load: 'Cargar un modelo de un archivo',
    logScale: 'Escala logarítmica',
    // the plots' axes, drawn on their canvases
    stepAxis: 'paso',
    lossAxis: 'pérdida (nats)',
    entropyAxis: 'entropía (nats)',
    lossPlot: 'Pérdida (nats) frente al paso de entrenamiento',
    plotWaitingLoaded:
      'Este modelo se cargó de un archivo: su entrenamiento anterior no está registrado ahí, así que sus curvas empiezan en el paso siguiente aquí. Pulsa Empezar para seguir entrenándolo.',
    plotWaiting:
      'Todavía no se ha entrenado nada. Pulsa Empezar: cada ejecución tiene un color, su pérdida de entrenamiento una línea fina continua y su pérdida de validación, medida de vez en cuando, una gruesa discontinua.',
    entropyPlot:
      'Entropía de la atención (nats) frente al paso de entrenamiento, bloque 1 cabeza 1, promediada sobre las posiciones de la frase de abajo',
    trainLoss: 'entrenamiento',
    validLoss: 'validación',
    causalLoss: 'validación, máscara causal en todas partes',
    table: {
      previousToken: 'Mejor puntuación de token anterior, bloque 0',
      induction: 'Mejor puntuación de inducción, último bloque',
      formed: 'Cabezas formadas (token anterior ≥ {previousToken}, inducción ≥ {induction})',
      formedAt: 'en el paso {step}',
      notFormed: 'todavía no',
      run: 'Ejecución',
      train: 'Pérdida de entrenamiento (último paso)',
      valid: 'Pérdida de validación',
      causal: 'Validación, causal en todas partes',
      entropy: 'Entropía de la atención (nats)',
      answers: 'Preguntas reservadas respondidas exactamente (de {n}, contadas cada 100 pasos)',
    },
    samples: 'Muestras',
    greedy: 'voraz',
    sampled: 'muestreado (temperatura 0.8)',
    noSamples: 'Las muestras aparecen cada 100 pasos y cada vez que haces una pausa.',
    samplesCausal:
      'Generadas con la máscara causal en todos los bloques, igual que se mide la pérdida de validación: al generar, el token siguiente todavía no está para leerlo.',
    attention: 'Atención del modelo entrenado',
    attentionOf: 'Ejecución',
    sentence: 'Frase',
    sentenceHelp:
      'Palabras (gramática de juguete) o caracteres (los demás corpus) que conoce el modelo; pulsa Intro para verla.',
    sentenceRefused: 'Esa frase no se usó:',
    sentenceKept: 'La atención que se muestra sigue siendo la de la frase anterior',
    intervene: 'Intervención',
    hide: 'Ocultar a las posiciones posteriores:',
    before: 'tal como se entrenó',
    after: 'con la intervención',
    token: 'token',
    refused: 'No se aplicó:',
    stopped: 'El entrenamiento se detuvo:',
    loadRefused: 'Este archivo no se cargó:',
    paused: 'En pausa',
    saved: 'Guardado en un archivo',
    loadedNote: 'Cargado de un archivo: los pasos con que se entrenó antes no se cuentan aquí',
    settingsKept: 'El modelo actual no ha cambiado.',
    notANumber:
      '{field}: se esperaba {whole, select, true {un número entero} other {un número}} y se recibió «{typed}» ({error})',
    notWhole: '{field}: se esperaba un número entero y se recibió {typed}',
    notAChoice: '{field}: se esperaba {choices}, y se recibió «{typed}»',
    notJson: 'el archivo no es JSON{at, select, none {} other { (se rompe en el carácter {at}, contando desde 0)}}',
    notSaved: 'el archivo no es un modelo guardado por este panel (su formato no es «attention-lab-model»)',
    discardModel:
      'Otro experimento u otros ajustes empiezan modelos nuevos, y el de aquí ({steps, plural, one {# paso entrenado} other {# pasos entrenados}}) se perderá. Guárdalo antes si quieres conservarlo. ¿Empezar modelos nuevos de todos modos?',
    stepLine: 'Paso {step}',
    stepLineSpeed: 'Paso {step} · {tps, plural, one {# token/s} other {# tokens/s}}',
    lossSeries: '{run}: {kind}',
    headLabel: 'Bloque {block}, cabeza {head}',
    ablate: 'Apagar el bloque {block} cabeza {head}',
    nextToken: 'Probabilidades del siguiente token tras «{token}»',
  },
  ui: {
    endSentence: '{text}.',
    joined: '{first} {second}',
    listSeparator: '; ',
    labelled: '{label}: {text}',
    wordSeparator: ', ',
    // between the parts of one phrase: a cell's place and value, said by a screen reader
    clauseSeparator: ', ',
    problemSeparator: '; ',
    appName: 'Attention Lab',
    pageTitle: 'Attention Lab — apunte n.º 11',
    tagline:
      'Apunte n.º 11: autoatención y predicción del siguiente token, calculadas en directo por un motor en C++ que se ejecuta en tu navegador.',
    language: 'Idioma',
    loading: 'Arrancando el motor…',
    failed: 'El motor no pudo arrancar:',
    contents: 'Ejemplos resueltos',
    previous: '← Anterior',
    next: 'Siguiente →',
    reset: 'Volver a los valores del apunte',
    row: 'fila',
    column: 'columna',
    shape: 'forma',
    exactly: 'exactamente',
    gridKeys: 'Las flechas, Inicio y Fin mueven entre las celdas.',
    gridEditKeys:
      'Las flechas, Inicio y Fin mueven entre las celdas. Intro o escribir edita la celda, Intro otra vez guarda el número nuevo, Escape devuelve el anterior.',
    firstRow: 'Primera fila mostrada:',
    copyLatex: 'Copiar LaTeX',
    copyNumpy: 'Copiar NumPy',
    copied: 'Copiado.',
    formula: 'Fórmula',
    codeFrom: 'nanoGPT, model.py',
    code: 'Código',
    table: 'Tabla',
    copyFallback: 'Aquí no se puede copiar directamente; selecciona el texto de abajo y cópialo:',
    cellRefused: 'No se usó:',
    keptLast: 'Se sigue usando el último valor válido',
    engineRefused: 'No se usó, el motor lo rechazó:',
    addressProblem: 'Se ignoró parte de la dirección',
    addressRefused: 'el motor rechazó las entradas de la dirección:',
    pass: 'cumple',
    fail: 'no cumple',
    // shown, in Traditional characters, above the Simplified Chinese page to a reader whose browser
    // asks for Traditional Chinese (zh-TW, zh-HK): English is offered, and the choice is kept
    traditionalNote: 'Quien pide chino tradicional lee la página en chino simplificado.',
    traditionalEnglish: 'Leer en inglés',
    traditionalKeep: 'Seguir en chino simplificado',
    // what a browser without JavaScript shows (the page's shell, in every language at once)
    noScript:
      'Attention Lab lo calcula todo en tu navegador con JavaScript y WebAssembly: activa JavaScript para usarlo.',
    skip: 'Saltar al ejemplo',
    edited:
      'Has cambiado las entradas: los números citados en el texto son los del apunte; las tablas muestran los tuyos.',
    editedByLink:
      'Este enlace fija sus propias entradas: los números citados en el texto son los del apunte; las tablas muestran los del enlace.',
    predictMode: 'Predecir cada resultado antes de verlo',
    yourPrediction: 'Tu predicción',
    reveal: 'Muéstramelo',
    worksheetChoose: '— elige —',
    worksheetClear: 'Borrar mis respuestas',
    worksheetsSetAside:
      'Las respuestas de las hojas de ejercicios que guardaba este navegador no se pudieron leer ({why}). Se guardan aparte en el navegador, no se borran, y tus respuestas se siguen guardando como antes.',
    worksheetsNotSetAside:
      'Las respuestas de las hojas de ejercicios que guardaba este navegador no se pudieron leer ({why}) ni guardar aparte, así que se dejan como estaban; tus respuestas a partir de ahora se guardan solo mientras esta página esté abierta.',
    worksheetsNotJson: 'no son JSON',
    worksheetFormats: 'Formas como [a, b, …], o el nombre del tensor (S, X, M, h1, h2); la máscara, de la lista.',
    stepOf: 'Paso {i} de {n}',
    matrixWindow:
      '{label} es [{rows}, {cols}], {count, plural, one {# número} other {# números}}, demasiados para dibujarlos de una vez: se muestran las filas {from} a {to} (Copiar las copia todas).',
    scrollsSideways: '{what}, más ancho que la pantalla: desplázate de lado (con las flechas cuando tiene el foco)',
    predictTitle: 'Predice primero {what}',
    worksheetNamed: '{name} leído como su forma, {shape}.',
    worksheetAllRight: '{all, plural, one {La respuesta es correcta.} other {Las # respuestas son correctas.}}',
    worksheetRight:
      '{right} de {all, plural, one {# respuesta} other {# respuestas}} {right, plural, one {es correcta} other {son correctas}}.',
    worksheetBlank: '{blank, plural, one {# sigue vacía.} other {# siguen vacías.}}',
    worksheetWrong: 'Todavía no son correctas:',
  },
  refusals: {
    near: '{what}, en «{near}»',
    atEnd: '{what}, al final',
    parse: {
      empty: 'la respuesta está vacía',
      tooLong: 'la respuesta tiene más de {max, plural, one {# carácter} other {# caracteres}}',
      tooManyEntries:
        'una respuesta tiene como máximo {max, plural, one {# componente} other {# componentes}}, y esta tiene {n}',
      character:
        '«{character}» (carácter {position}, contando desde 0) no forma parte de ningún formato de respuesta: escribe los números, los corchetes y las comas en ASCII simple',
      nested: 'los corchetes están anidados a más de {max, plural, one {# nivel} other {# niveles}}',
      signAfterSpace:
        '«{text}» puede ser una resta o dos componentes: para una resta, deja un espacio a cada lado del signo (1 - 2); para dos componentes, sepáralas con comas (1, -2)',
      divisionByZero: 'una división entre cero',
      needsArgument: '{name} necesita un argumento, como en {name}(2)',
      sqrtNegative: 'la raíz cuadrada de un número negativo',
      logNotPositive: 'el logaritmo de un número que no es positivo',
      logDigits:
        '«log{digits}» es ambiguo: escribe log({digits}) o ln {digits} para el logaritmo natural de {digits}; log10(x) y log2(x) son los logaritmos en base 10 y en base 2',
      unknownName:
        'un nombre desconocido, «{name}» (se conocen: pi, e, ln, log (natural), log10, log2, exp, sqrt, sin, cos, tan)',
      numberTooLong: 'un número de más de {max, plural, one {# carácter} other {# caracteres}}',
      twoPoints: 'un número con dos puntos decimales: «{number}»',
      lonePoint: 'un punto que no forma parte de ningún número',
      unreadableNumber: 'un número ilegible, «{number}»',
      notFinite:
        '{what, select, value {el valor} entry {una componente} dimension {una dimensión} other {una posición}} no es un número finito (demasiado grande, o 0 dividido entre 0)',
      emptyRow: 'la fila {row} está vacía',
      rowLength:
        'la fila {row} tiene {n, plural, one {# componente} other {# componentes}}, pero la fila 0 tiene {first}',
      comma: {
        thousands:
          '«{text}»: se esperaba un solo número, y la coma separa componentes: escribe {whole} sin la coma, o {point} con punto decimal',
        decimal:
          '«{text}» se lee como dos componentes, {first} y {second}, y se esperaba un solo número; si es el número decimal, escribe {point} con punto decimal (aquí la coma nunca es decimal)',
        other:
          '«{text}»: se esperaba un solo número, y la coma separa componentes: escribe el número sin comas, con punto decimal',
        list: '«{text}» tiene {typed, plural, one {# componente} other {# componentes}} y se esperaban {expected}; leído con comas decimales tiene {expected}: aquí la coma separa componentes, así que escribe {point} con puntos decimales',
        rows: '«{text}» no se lee como {expected, plural, one {# componente} other {# componentes}}, y leído con comas decimales sí: aquí la coma separa componentes, así que escribe {point} con puntos decimales',
      },
      notWhole: 'se esperaba un número entero, y este es {value}',
      matrixForVector:
        'se esperaba un vector, y esto es una matriz de {rows} × {columns}: escribe un vector como [a, b, ...], como fila [[a, b, ...]] o como columna [[a], [b], ...]',
      dimension: 'una dimensión debe ser un número entero ≥ 0, y esta es {value}',
      position: 'una posición debe ser un número entero ≥ 0, y esta es {value}',
      unexpected: 'texto inesperado',
      expected: {
        number: 'se esperaba un número',
        closeParen: 'se esperaba un paréntesis de cierre «)»',
        closeBracket: 'se esperaba «]» para cerrar la lista',
        closeBrace: 'se esperaba la llave que cierra el conjunto',
        openMatrix: 'se esperaba «[» para abrir la matriz, como en [[a, b], [c, d]]',
        closeMatrix: 'se esperaba «]» para cerrar la matriz',
        openRow: 'se esperaba «[» para abrir una fila',
        openPair: 'se esperaba «(» para abrir un par como (0, 1)',
        pairComma: 'se esperaba una coma entre las dos posiciones de un par',
        closePair: 'se esperaba «)» para cerrar un par',
      },
      einsum: {
        noArrow: 'una cadena einsum necesita «->» antes de los ejes de salida',
        twoArrows: 'una cadena einsum lleva un solo «->»',
        outputComma: 'la salida de una cadena einsum es un solo operando: no lleva coma después de «->»',
        ellipsisPoints: 'la elipsis de einsum son tres puntos, «...»',
        twoEllipses: 'un operando de einsum lleva como mucho una «...»',
        outputEllipsis: 'la salida lleva «...», pero ninguna entrada la lleva',
        axisLetter: 'un eje de einsum debe ser una letra, no «{character}»',
        outputAxisUnknown: 'el eje de salida «{axis}» no está en ninguna entrada',
        outputAxisTwice: 'la salida nombra dos veces el eje «{axis}»',
      },
    },
    training: {
      setup: {
        whole: '{field} debe ser un número entero de {min} a {max}, y se recibió {got}',
        corpus: 'el corpus debe ser uno de estos: {choices}; se recibió {got}',
        lr: 'la tasa de aprendizaje debe ser un número mayor que 0 y como mucho 1, y se recibió {got}',
        divisible: 'D = {D} no es divisible entre H = {heads}: cada cabeza necesita D / H columnas',
        corpusShort:
          'T = {T} es más largo de lo que permite este corpus: su parte de validación tiene {tokens, plural, one {# token} other {# tokens}}, así que T debe ser como mucho {max}',
      },
      experiment: 'no hay ningún experimento «{got}» (los que hay: {choices})',
      sentence: {
        empty: 'la frase está vacía',
        tooLong: 'la frase tiene {n, plural, one {# token} other {# tokens}}, pero el modelo lee como mucho T = {T}',
        tooLongText:
          'la frase tiene {n, plural, one {# carácter} other {# caracteres}}, más de lo que cabe en una frase de T = {T} (como mucho {most, plural, one {# carácter} other {# caracteres}})',
      },
      savedVocabulary:
        'este modelo se entrenó con un vocabulario de {saved, plural, one {# token} other {# tokens}}, pero el corpus {corpus} tiene {n}; elige el corpus con el que se entrenó',
    },
    vocabulary: {
      character: 'el carácter «{character}» no está en este vocabulario',
      word: 'la palabra «{word}» no está en este vocabulario',
      file: {
        ids: '{part, select, list {la lista} object {el objeto} other {{part}}} debe asignar caracteres a ids que sean números enteros, y se recibió {entry}',
        twice: '{part, select, list {la lista} object {el objeto} other {{part}}} da dos veces el id {id}',
        gap: '{part, select, list {la lista} object {el objeto} other {{part}}} no tiene carácter para el id {id}: los ids deben ir 0, 1, 2, … sin huecos',
        kind: 'se esperaba una lista JSON de caracteres, el meta.pkl de nanoGPT como JSON (con itos o stoi) o un archivo de texto con los caracteres; el JSON es {json}',
        notJson:
          '{name} no es JSON{at, select, none {} other { (se rompe en el carácter {at}, contando desde 0)}}; se esperaba una lista JSON de caracteres, el meta.pkl de nanoGPT como JSON (con itos o stoi) o un archivo de texto con los caracteres',
        empty:
          '{name} está vacío; se esperaba una lista JSON de caracteres, el meta.pkl de nanoGPT como JSON (con itos o stoi) o un archivo de texto con los caracteres',
        notCharacter: 'el token {id} es «{token}», no un solo carácter: el laboratorio lee vocabularios de caracteres',
      },
    },
    config: {
      costPositive: 'B, H, T y D deben ser enteros positivos',
      positive: '{name} debe ser un número entero positivo',
      divisible: 'D = {D} no es divisible entre heads = {heads} (d_h = D / H debe ser un número entero)',
      learnedNeedsMaxT: 'las posiciones «learned» necesitan maxT, el número de filas de la tabla',
      maskBlocks:
        'maskBlocks tiene {n, plural, one {# componente} other {# componentes}}, pero el modelo tiene {layers, plural, one {# capa} other {# capas}} (una por bloque)',
      twoNames:
        '{nanogpt} (el nombre de GPTConfig en nanoGPT) y {ours} nombran el mismo ajuste; da solo uno de los dos',
      dropout:
        'dropout debe ser 0, y se recibió {got}: el laboratorio calcula sin dropout (§9.2), así que cada número que muestra es reproducible',
    },
    size: {
      positionTable:
        'una tabla de T = {T, plural, one {# fila} other {# filas}} por D = {D} tendría {count, plural, one {# número} other {# números}}, más que los {max} que admite este motor',
      model:
        'este modelo tendría {count, plural, one {# número} other {# números}}, más que los {max} que admite este motor',
    },
    values: {
      notFinite: '{name} debe contener solo números finitos',
      entryNotFinite: 'la componente {entry} de {name} no es un número finito',
    },
    optimizer: {
      lr: 'lr debe ser un número finito > 0, y se recibió {got}',
      weightDecay: 'weightDecay debe ser un número finito >= 0, y se recibió {got}',
      clip: 'clip debe ser un número finito >= 0 (0 = sin recorte), y se recibió {got}',
    },
    value: {
      scale: 'scale debe ser un número finito, y se recibió {got}',
      whole: '{name} debe ser un número entero >= 0, y se recibió {got}',
      atMost: '{name} debe ser como mucho {max}, y se recibió {got}',
    },
    safetensors: {
      json: {
        trailing: 'la cabecera no es JSON válido en el byte {byte}: hay más texto después de su objeto',
        nested:
          'la cabecera no es JSON válido en el byte {byte}: está anidada a más de {max, plural, one {# nivel} other {# niveles}}',
        end: 'la cabecera no es JSON válido en el byte {byte}: termina donde se esperaba un valor',
        name: 'la cabecera no es JSON válido en el byte {byte}: se esperaba un nombre entre comillas',
        colon: 'la cabecera no es JSON válido en el byte {byte}: se esperaba «:» después de un nombre',
        objectComma: 'la cabecera no es JSON válido en el byte {byte}: se esperaba una coma o el final del objeto',
        arrayComma: 'la cabecera no es JSON válido en el byte {byte}: se esperaba una coma o «]»',
        character: 'la cabecera no es JSON válido en el byte {byte}: un carácter inesperado, «{character}»',
        digit: 'la cabecera no es JSON válido en el byte {byte}: se esperaba una cifra en un número',
        hex: 'la cabecera no es JSON válido en el byte {byte}: un escape \\u necesita cuatro cifras hexadecimales',
        unclosed: 'la cabecera no es JSON válido en el byte {byte}: un texto entre comillas no se cierra',
        control: 'la cabecera no es JSON válido en el byte {byte}: un carácter de control entre comillas',
        escape: 'la cabecera no es JSON válido en el byte {byte}: un escape desconocido, «\\{character}»',
      },
      short:
        'el archivo tiene {size, plural, one {# byte} other {# bytes}}, menos que los 8 bytes que dan la longitud de su cabecera',
      notSafetensors:
        'esto no es un archivo safetensors: sus 8 primeros bytes deberían dar la longitud de su cabecera, y leídos así dan {header, plural, one {# byte} other {# bytes}}, más que los {max} que puede tener la cabecera de un checkpoint',
      pastEnd:
        'la cabecera dice medir {header, plural, one {# byte} other {# bytes}}, más allá del final del archivo ({rest, plural, one {# byte} other {# bytes}} después de la longitud): el archivo está cortado o no es safetensors',
      notObject: 'la cabecera debe ser un objeto JSON de tensores',
      twice: 'la cabecera nombra dos veces «{name}»',
      metadataObject: '__metadata__ debe ser un objeto de textos',
      metadataText: '__metadata__.{key} debe ser un texto (safetensors solo guarda textos ahí)',
      overlap: 'los tensores «{first}» y «{second}» se solapan en los datos del archivo',
      tensor: {
        notObject: 'el tensor «{tensor}» debe ser un objeto con dtype, shape y data_offsets',
        unknownField:
          'el tensor «{tensor}» tiene un campo desconocido, «{field}» (se esperaban dtype, shape, data_offsets)',
        missing: 'el tensor «{tensor}» debe tener dtype, shape y data_offsets',
        dtypeText: 'tensor «{tensor}»: dtype debe ser un texto como «F32»',
        dtype: 'el tensor «{tensor}» tiene dtype «{dtype}»; el laboratorio lee F32, F16, BF16 y F64',
        shape: 'tensor «{tensor}»: shape debe ser una lista de tamaños',
        offsets: 'tensor «{tensor}»: data_offsets debe ser [inicio, fin]',
        whole: 'tensor «{tensor}»: {field} debe ser un número entero de 0 a {max}',
        outside:
          'el tensor «{tensor}» tiene data_offsets [{begin}, {end}], fuera de {size, plural, one {el único byte} other {los # bytes}} de datos que siguen a la cabecera',
        span: 'el tensor «{tensor}» es {dtype} de forma {shape}, así que ocupa {bytes, plural, one {# byte} other {# bytes}}, pero sus data_offsets abarcan {span}',
        notFinite:
          'la componente {entry} del tensor «{tensor}» es {value}{dtype, select, F64 { (o demasiado grande para float32)} other {}}: los pesos de un checkpoint deben ser números finitos',
      },
    },
    checkpoint: {
      nameMapPlaceholder: 'el mapa de nombres lee {tensor} como {name}: ese marcador no está en «{pattern}»',
      unknownTensor:
        'el checkpoint tiene un tensor llamado «{tensor}», que no es de los de nanoGPT ni de GPT-2 (como transformer.h.0.attn.c_attn.weight); un modelo con otros nombres necesita un mapa de nombres',
      unknownTensorRead:
        'el checkpoint tiene un tensor llamado «{tensor}» (leído como {name}), que no es de los de nanoGPT ni de GPT-2 (como transformer.h.0.attn.c_attn.weight); un modelo con otros nombres necesita un mapa de nombres',
      twice: 'el checkpoint tiene dos veces {name}',
      missing: 'el checkpoint no tiene {name}',
      noEmbedding: 'el checkpoint no tiene embedding de tokens (transformer.wte.weight o lm_head.weight)',
      embeddingShape: '{tensor} debe ser [vocab_size, n_embd], ambos al menos 1, y es {shape}',
      noBlocks: 'el checkpoint no tiene bloques (transformer.h.0. …)',
      attentionShape:
        '{tensor} debe ser [3 n_embd, n_embd] (nanoGPT) o [n_embd, 3 n_embd] (GPT-2) con n_embd = {D} según {embedding}, y es {shape}',
      ffnShape: '{tensor} debe ser [k n_embd, n_embd] con k entero, y es {shape}',
      metadataBias: '__metadata__.bias debe ser True o False, y es «{got}»',
      biasSaysTrue: '__metadata__ dice bias={value}, pero el checkpoint no tiene transformer.h.0.attn.c_attn.bias',
      biasSaysFalse: '__metadata__ dice bias={value}, pero el checkpoint tiene transformer.h.0.attn.c_attn.bias',
      metadataWhole: '__metadata__.{key} debe ser un número entero de al menos 1, y es «{got}»',
      metadataShapes: '__metadata__ dice {key}={value}, pero las formas de los tensores dan {shapes}',
      noHeads:
        'el número de cabezas no está en el __metadata__ del checkpoint (n_head) y las formas no lo dicen: indícalo con la opción n_head (en la página, el número de cabezas al abrir el modelo)',
      headShape:
        '{tensor} tiene forma {shape}, pero {heads, plural, one {la única cabeza} other {una de las # cabezas}} de un modelo de anchura {D} necesita {needs}',
      shape: '{tensor} tiene forma {shape}, pero la configuración necesita {needs}',
      unusedBias:
        'el checkpoint tiene {tensor}, que un modelo con esta configuración no usa: un modelo tiene sesgos en todas partes (bias=True) o en ninguna, y RMSNorm no tiene',
      unused:
        'el checkpoint tiene {tensor}, que un modelo con esta configuración no usa: revisa las opciones (norm, gated, tied)',
      notNanogpt:
        'este modelo tiene {feature, select, rmsnorm {RMSNorm} gated {una FFN con compuerta} postNorm {bloques post-norm} positions {posiciones que no son una tabla aprendida} activation {una activación que no es la GELU exacta} untied {una cabeza que no comparte pesos con el embedding} ffnWidth {una FFN de anchura distinta de 4 n_embd} unscaled {puntuaciones no divididas por sqrt(d_k)} other {bloques sin la máscara causal}}, y el GPT de nanoGPT no; no se puede escribir como checkpoint de nanoGPT',
    },
    shape: {
      residual:
        '{name, select, attn {la salida de la atención} ffn {la salida de la FFN (w2 debe ser [F][D])} other {la salida de {name}}} tiene {n, plural, one {# característica} other {# características}}, pero el flujo residual tiene D = {D}',
      memory: 'memory debe ser [B][Tenc][D] = [{B}][Tenc >= 1][{D}] como x {x}; se recibió {memory}',
      scalar: '{name} debe ser una lista de rango >= 1',
      same: 'a tiene forma {a}, pero b tiene forma {b}',
      axis: 'el eje {axis} no existe para la forma {shape}',
      scaleRows:
        'w tiene {n, plural, one {# componente} other {# componentes}}, pero m tiene {rows, plural, one {# fila} other {# filas}} (un peso por fila)',
      head: 'params.head tiene forma {shape}, pero debe ser [D][V] = [{D}][{V, number}]',
      targets:
        'targets tiene {n, plural, one {# componente} other {# componentes}}, pero logits tiene {rows, plural, one {# fila} other {# filas}} (un objetivo por fila)',
      memoryBatch: 'x tiene forma {x}, pero memory tiene {memory}: necesitan los mismos ejes iniciales (de lote)',
      emptyAxes: 'ningún eje puede estar vacío; se recibieron q {q}, k {k}, v {v}',
      keysValues: 'v tiene {v, plural, one {# fila} other {# filas}}, pero k tiene {k} (un valor por clave)',
      dk: 'k tiene {k, plural, one {# columna} other {# columnas}}, pero q tiene {q} (d_k debe coincidir)',
      batch: 'q, k y v deben tener los mismos ejes de lote; se recibieron q {q}, k {k}, v {v}',
      weightRows:
        '{name} tiene {rows, plural, one {# fila} other {# filas}}, pero su entrada tiene {features, plural, one {# característica} other {# características}} ({name} debe ser [{features}][out])',
      bias: 'el sesgo de {name} tiene {n, plural, one {# componente} other {# componentes}}, pero {name} tiene {columns, plural, one {# columna} other {# columnas}}',
      emptyLastAxis: 'el último eje está vacío (softmax necesita al menos una componente)',
      rank: '{name} debe ser {count, plural, =1 {{expected}} other {de una de estas formas: {expected}}}, pero tiene forma {shape}',
      count: '{name} tiene {n, plural, one {# número} other {# números}} para la forma {shape}',
      empty: '{name} está vacío (forma {shape})',
    },
    param: {
      without: 'se dio {name} sin {needs}',
      missing: 'falta {name} (se esperaba {count, plural, =1 {{expected}} other {una de estas formas: {expected}}})',
      gainWithGamma: '{name} da gain (RMSNorm) junto con gamma/beta (LayerNorm)',
      needed: 'hacen falta todos estos: {names}',
    },
    call: {
      noWasm:
        'Este navegador no admite WebAssembly, que Attention Lab necesita para calcular cualquier cosa. Prueba con un Firefox, Chrome, Edge o Safari actual.',
      got: {
        text: '«{text}» (un texto)',
        number: '{number}',
        null: 'null',
        undefined: 'undefined',
        array: 'una lista de {n}',
        typed: 'un {type} de {n}',
        boolean: '{value}',
        function: 'una función',
        object: 'un objeto',
      },
      tooMany: 'admite como mucho {max, plural, one {# argumento} other {# argumentos}} ({names}), y recibió {n}',
      notArray:
        '{name} debe ser una lista de {entries, select, integer {identificadores de token enteros} boolean {valores true/false} other {números finitos}}; se recibió {got}',
      entry:
        '{path} es {got}; se esperaba {entries, select, integer {un identificador de token entero} boolean {true o false} other {un número finito}}',
      notRow: '{path} es {got}; se esperaba una lista de {n} (todas las filas con la misma longitud)',
      rowLength:
        '{path} tiene {n, plural, one {# componente} other {# componentes}}, pero {first} tiene {m} (todas las filas deben tener la misma longitud)',
      type: '{name} debe ser {expected, select, number {un número} whole {un número entero >= 0} integer {un entero (los negativos cuentan desde el final)} text {un texto} answer {un texto o un número} bytes {un Uint8Array (el contenido del archivo)} progress {una función (done, total)} list {una lista} other {un objeto}}; se recibió {got}',
      names:
        "names debe ser un objeto de textos '{'\"su nombre\": \"el nombre de nanoGPT\"'}', con '{'layer'}' y '{'head'}' en lugar de números; se recibió {got}",
      unknownParam: 'parámetro desconocido {path} (se esperaba uno de estos: {known})',
      deleted: 'este modelo se eliminó (llama a lab.createModel o lab.loadModel para tener uno nuevo)',
      deletedTwice: 'este modelo ya se había eliminado',
      saved:
        'se esperaba un objeto guardado por model.save() (formato «attention-lab-model», versión 1); se recibió {got}',
      savedList: 'el modelo guardado no tiene lista de parámetros',
      savedParameter: "el parámetro {index} no es '{'name, shape, data'}'",
      spec: {
        format: 'spec.format debe ser uno de estos: {formats}; se recibió {got}',
        problemFormat: 'el formato {format} lo comprueba practice.check, no checkValue',
        value:
          '{name} debe ser {words, select, yes {una palabra} other {un número o una lista de números}} para el formato {format}; se recibió {got}',
      },
      notFinite: '{path} es {value}: el motor devolvió un valor que no es finito',
    },
    checks: {
      permLength:
        'perm tiene {n, plural, one {# componente} other {# componentes}}, pero la secuencia tiene {T, plural, one {# posición} other {# posiciones}}',
      permPositions: 'perm debe nombrar cada posición de 0 a {last} una sola vez',
      oneToken: 'con un vocabulario de un solo token no hay nada que perturbar',
      samples: 'samples debe ser al menos 2 para una varianza muestral; se recibió {got}',
      sigma: 'sigma debe ser un número finito > 0; se recibió {got}',
      sigmaLarge:
        'sigma = {sigma} es demasiado grande: la varianza de los productos, d_k sigma^4, y sus cuadrados superan el mayor double, unos 1.8e308',
    },
    // a practice family that broke its own rule (a bug, never a student’s input)
    practice: {
      unknownFamily: 'no hay ninguna familia de problemas «{family}» (hay estas: {known})',
      edition: 'no existe la edición {edition} del conjunto de práctica (hay de la 1 a la {latest})',
      noFairVariant:
        'la familia {family} no encontró ningún problema justo para la semilla {seed}: es un error del laboratorio; por favor, avísanos',
      invariant:
        'el conjunto de práctica creó un problema que no sabe resolver (familia {family}, regla {rule}{name, select, none {} other {, valor {name}}}): es un error del laboratorio; por favor, avísanos',
    },
    option: {
      choice: '{what} debe ser uno de estos: {choices}; se recibió «{got}»',
      unknown: 'opción desconocida «{name}» (se esperaba una de estas: {known})',
      type: 'la opción {name} debe ser {expected, select, boolean {true o false} number {un número finito} whole {un número entero >= 0} text {un texto} flags {una lista de true/false} wholes {una lista de números enteros} pairs {una lista de pares [capa, cabeza]} other {una máscara de [Tq][Tk] booleanos}}; se recibió {gotKind, select, text {«{got}»} array {una lista} other {{got}}}',
      atMost: 'la opción {name} debe ser como mucho {max}, y se recibió {got}',
    },
    overflow: {
      inputs:
        '{step} dejó de ser finito ({kind, select, nan {una componente no es un número: un desbordamiento se encontró con otro, o 0 con 0} other {una componente desbordó ±1.8e308, el mayor double}}); la mayor componente de la entrada es {largest}: entradas tan grandes no se pueden multiplicar ni sumar',
      weights:
        '{step} dejó de ser finito ({kind, select, nan {una componente no es un número: un desbordamiento se encontró con otro, o 0 con 0} other {una componente desbordó ±1.8e308, el mayor double}}); algunos pesos son demasiado grandes para multiplicarlos y sumarlos',
      block:
        '{step} dejó de ser finito (una componente desbordó ±1.8e308, el mayor double): la entrada o los pesos son demasiado grandes para multiplicarlos y sumarlos',
      scores:
        'las puntuaciones dejaron de ser finitas: s[{row}][{column}] = q · k × escala desbordó ±1.8e308, el mayor double (q, k o la escala son demasiado grandes para multiplicarlos)',
      exp: 'e^{x} (componente {entry} de x) es mayor que el mayor double, unos 1.8e308, que e^x supera en x = 709.78; softmax nunca lo necesita, porque antes resta el máximo de la fila (expShifted)',
    },
    mask: {
      shape:
        'mask tiene forma {shape}, pero las puntuaciones son [{Tq}, {Tk}] (una fila por consulta, una columna por clave)',
      emptyRow:
        'la fila de consulta {row} tiene todas las claves enmascaradas (un softmax sin claves no está definido)',
    },
    token: {
      at: 'el token {got} de la posición {position} no es un id de [0, {last}]',
      notInteger: 'la componente {entry} de {name} es {got}, que no es un id de token entero',
      rank: '{name} deben ser ids de tokens {batched, select, yes {[T] o [B][T]} other {[T]}}, pero tiene forma {shape}',
      id: '{name} = {got} no es un id de token de [0, {last}]',
    },
    generate: {
      temperatureOverflow:
        'la temperatura {temperature} es tan pequeña que logits / temperatura desborda; usa 0 para la generación voraz',
      nothingToContinue:
        'no hay ninguna generación que continuar: llama antes a generate (un trainStep o un paso fallido la terminan)',
      emptyPrompt: 'el prompt está vacío (generar necesita al menos un token del que partir)',
      temperature: 'la temperatura debe ser un número finito >= 0 (0 = voraz), y se recibió {got}',
      tooLong:
        'el prompt ({prompt, plural, one {# token} other {# tokens}}) más {steps, plural, one {# paso} other {# pasos}} necesita {needed, plural, one {# posición} other {# posiciones}}, pero params.positions tiene {rows, plural, one {# fila} other {# filas}} (Tmax)',
    },
    model: {
      parameterNotFinite: 'el parámetro {name} contiene un valor que no es un número float32 finito',
      savedMismatch: 'los parámetros guardados no coinciden con la configuración guardada (difieren nombres o tamaños)',
      tooLargeToCopy:
        'este modelo tiene {count, plural, one {# parámetro} other {# parámetros}}, más que los {max} que el laboratorio copia como números; exportSafetensors() los escribe como archivo',
      tooLargeToTrain:
        'este modelo tiene {count, plural, one {# parámetro} other {# parámetros}}, más que los {max} que entrena el laboratorio (entrenar guarda los gradientes y los dos momentos de AdamW junto a los pesos: cuatro copias); aun así se puede leer: evaluate, generate e inspect funcionan',
      lossDiverged:
        'la pérdida es {loss}: el entrenamiento divergió; los parámetros no se cambiaron (baja la tasa de aprendizaje)',
      gradientDiverged:
        'el gradiente no es finito: el entrenamiento divergió; los parámetros no se cambiaron (baja la tasa de aprendizaje)',
      notFinite:
        '{what, select, loss {la pérdida dejó} logits {los logits dejaron} probabilities {las probabilidades dejaron} other {los pesos de atención dejaron}} de ser finitos: los parámetros son demasiado grandes para las sumas en float32, como tras un paso con una tasa de aprendizaje demasiado grande',
      emptySequence: 'la secuencia está vacía',
      sequenceTooLong:
        'la secuencia tiene {n, plural, one {# token} other {# tokens}}, pero el modelo se hizo para T = {T}',
      position: '{name} nombra la posición {got}, pero la secuencia tiene las posiciones de 0 a {last}',
      from: 'from es {got}, y los objetivos son las posiciones de 1 a {last}',
      period:
        'period es {got}, y una secuencia de {T, plural, one {# token} other {# tokens}} se repite con un periodo de 1 a {last}',
      notRepeated:
        'el token de la posición {position} no es el que está {period, plural, one {# posición} other {# posiciones}} antes: la secuencia no se repite con periodo {period}',
      tooFewTokens:
        'hacen falta al menos 2 tokens (una entrada y el token que la sigue, o un token y su repetición), y esta secuencia tiene {n, plural, one {# token} other {# tokens}}',
      ablateHeads:
        '{name} nombra la capa {layer}, cabeza {head}, pero el modelo tiene {layers, plural, one {# capa} other {# capas}} de {heads, plural, one {# cabeza} other {# cabezas}}',
      emptyBatch: 'un lote necesita al menos una secuencia de 2 ids de tokens',
      batchTooLong:
        'las secuencias tienen {n, plural, one {# posición de entrada} other {# posiciones de entrada}}, pero el modelo se hizo para T = {T}',
    },
    saved: {
      format:
        'se esperaba un modelo guardado con el formato «{format}», versión {version}, y se recibió «{gotFormat}», versión {gotVersion}',
      twice: 'el modelo guardado tiene dos veces el parámetro {name}',
      missing: 'al modelo guardado le falta el parámetro {name}',
      shape: 'el parámetro {name} tiene forma {shape}, pero la configuración necesita {needs}',
      unused:
        'el modelo guardado tiene {n, plural, one {# parámetro} other {# parámetros}} que esta configuración no usa',
    },
    norm: {
      givenButNone: 'se dio {name}, pero norm es «none»',
      rmsBeta: '{name} es una RMSNorm: dale gain, no beta',
      epsZero: 'eps debe ser un número finito >= 0, y se recibió {got}',
      gainSize:
        '{name} tiene {n, plural, one {# componente} other {# componentes}}, pero x tiene {D, plural, one {# característica} other {# características}}',
      noFeatures: 'x no tiene características (el último eje está vacío)',
      eps: 'eps debe ser un número finito > 0, y se recibió {got}: una fila con todas sus componentes iguales tiene varianza 0, y la norma divide por sqrt(varianza + eps)',
    },
    lm: {
      noInputs: 'no hay tokens de entrada (una secuencia necesita al menos 2 tokens: entradas y objetivos)',
      learnedNeedsTable: 'las posiciones «learned» necesitan params.positions [Tmax][D]',
      positionsWidth:
        'params.positions tiene {n, plural, one {# columna} other {# columnas}}, pero el embedding tiene D = {D}',
      tooLong:
        'la secuencia tiene {T, plural, one {# posición de entrada} other {# posiciones de entrada}}, pero params.positions solo tiene {rows, plural, one {# fila} other {# filas}} (Tmax)',
      positionsGiven:
        'se dio params.positions, pero positions es {positions, select, sinusoidal {«sinusoidal» (una tabla fija, nada que aprender)} other {«none»}}',
      maskBlocks:
        'maskBlocks tiene {n, plural, one {# componente} other {# componentes}}, pero hay {blocks, plural, one {# bloque} other {# bloques}}',
      tooShort:
        'tokens necesita al menos 2 ids por secuencia (entradas tokens[:-1], objetivos tokens[1:]), y se recibió {got}',
    },
    cache: {
      notCausal:
        'caché: el bloque {block} no tiene máscara causal, así que sus posiciones anteriores cambian al añadir un token y sus claves y valores no se pueden guardar (§7.3); decodifica sin la caché',
    },
    mha: {
      crossFused:
        'crossAttn necesita wQ, wK y wV por separado: sus consultas vienen de x, y sus claves y valores, de memory',
      crossWidths:
        'las cabezas de crossAttn tienen anchura {cdk} (claves) y {cdv} (valores), pero las de selfAttn tienen {dk} y {dv}; da a ambas las mismas anchuras',
      fusedAndSeparate: 'da o bien wQKV (fusionada) o bien wQ, wK y wV (por separado), no las dos cosas',
      separateNeedsAll: 'las proyecciones por separado necesitan wQ, wK y wV',
      fusedBias: 'con una wQKV fusionada, da su sesgo como bQKV',
      fusedBiasAlone: 'bQKV va con una wQKV fusionada',
      fusedSplit:
        'wQKV tiene {columns, plural, one {# columna} other {# columnas}}, que no se reparten en 3 grupos de {heads, plural, one {# cabeza} other {# cabezas}} (hace falta un múltiplo de 3 × cabezas = {multiple})',
      qkWidth:
        'wQ tiene {q, plural, one {# columna} other {# columnas}}, pero wK tiene {k} (consultas y claves necesitan la misma anchura)',
      columnsPerHead:
        '{name} tiene {columns, plural, one {# columna} other {# columnas}}, que no son divisibles entre heads = {heads}',
      noColumns: 'las proyecciones no tienen columnas',
      noOutput:
        'sin wO, las cabezas concatenadas ({H} × {dv} = {width, plural, one {# característica} other {# características}}) deben tener la anchura del modelo D = {D}; da wO [{width}][{D}]',
      noMask: 'la atención multicabeza admite causal (true o false), no una máscara',
      fuseNeedsSeparate: 'fusionar necesita wQ, wK y wV por separado',
      fuseWidths:
        'una wQKV fusionada necesita d_k = d_v, pero wQ tiene {q, plural, one {# columna} other {# columnas}} y wV tiene {v}',
    },
    ffn: {
      hidden:
        'w2 tiene {rows, plural, one {# fila} other {# filas}}, pero w1 tiene {F, plural, one {# columna} other {# columnas}} (la anchura oculta F debe coincidir)',
      gatedNeedsGate: 'gated: true necesita wGate [D][F]',
      gateNotGated: 'se dio wGate, pero gated es false',
      gateWidth: 'wGate tiene {columns, plural, one {# columna} other {# columnas}}, pero w1 tiene {F}',
    },
    check: {
      notAnOption: 'no se pudo leer «{word}» como una de las opciones ({options})',
      notAToken: 'no se pudo leer «{word}» como uno de los tokens de este problema ({options})',
    },
  },
};
